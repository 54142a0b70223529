import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { cleanSetupToken, firstAdminInputSchema, MIN_PASSWORD_LENGTH } from '../../../../shared/staff.schema';
import { useStaffTitle } from '../use-staff-title';
import { checkSetupLink, createFirstAdmin, type SetupRefusal } from './setup-api';

type LinkState = { kind: 'checking' } | { kind: 'ready' } | { kind: 'refused'; reason?: SetupRefusal; message: string };
type FieldErrors = Partial<Record<'displayName' | 'username' | 'email' | 'password' | 'repeat', string>>;

const NO_ANSWER = 'The server did not answer. Check the connection and reload the page.';

/**
 * `/staff/setup?token=…`, the link a start with no admin prints on its own line: the first
 * admin's name, username, e-mail (where the health list's alerts go) and password (the rules every
 * account has, shared/staff.schema.ts), then signed in, on the overview. A token copied with the end
 * of a log line (`"}`, a full stop) still works. Once an admin exists it says so and links to the sign-in.
 */
export function SetupPage() {
  useStaffTitle('Set up');
  const { token: pasted = '' } = useSearch({ from: '/staff/setup' });
  const token = cleanSetupToken(String(pasted));
  const router = useRouter();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    checkSetupLink(token).then(
      (answer) => setLink(answer.ok ? { kind: 'ready' } : { kind: 'refused', ...answer }),
      () => setLink({ kind: 'refused', message: NO_ANSWER }),
    );
  }, [token]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = {
      token,
      displayName: String(form.get('displayName')),
      username: String(form.get('username')),
      email: String(form.get('email')),
      password: String(form.get('password')),
    };
    const checked = firstAdminInputSchema.safeParse(fields);
    const found: FieldErrors = {};
    for (const issue of checked.error?.issues ?? []) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
    if (fields.password !== String(form.get('repeat'))) found.repeat = 'The two passwords differ';
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await createFirstAdmin(fields);
      if (answer.ok) {
        queryClient.clear();
        await router.navigate({ to: '/staff' });
        return;
      }
      if (answer.reason) return setLink({ kind: 'refused', ...answer });
      for (const issue of answer.issues ?? []) found[issue.path as keyof FieldErrors] ??= issue.message;
      setErrors(found);
      setFailure(answer.message);
    } catch {
      setFailure(NO_ANSWER);
    } finally {
      setBusy(false);
    }
  };

  if (link.kind === 'checking') {
    return (
      <Frame>
        <Center>
          <Loader aria-label="Checking the link" />
        </Center>
      </Frame>
    );
  }
  if (link.kind === 'refused') {
    const done = link.reason === 'done';
    const replaced = link.reason === 'replaced';
    return (
      <Frame>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {done ? 'Setup is done' : 'This link does not work'}
          </Title>
          <Alert color={done ? 'blue' : 'red'} role="alert" variant="light">
            {link.message}
          </Alert>
          {!done && (
            <Text size="sm">
              {replaced
                ? 'Each start of the server prints a new link and the older ones stop working. Copy the last one from https:// to the end of its line.'
                : 'If the console has no admin yet, restart the server: it prints a new link, which works for 24 hours.'}
            </Text>
          )}
          <Button component={Link} to="/staff/login" variant={done ? 'filled' : 'default'} fullWidth>
            Sign in
          </Button>
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={1} size="h3">
            Set up the staff console
          </Title>
          <Text size="sm">
            Create the first admin account. Once signed in, the admin adds everyone else's accounts under Staff
            accounts.
          </Text>
          {failure && (
            <Alert color="red" role="alert" variant="light">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Your name"
            name="displayName"
            autoComplete="name"
            error={errors.displayName}
            data-autofocus
          />
          <TextInput
            label="Username"
            name="username"
            description="Letters, digits, dots, dashes or underscores"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.username}
          />
          <TextInput
            label="Your e-mail address"
            name="email"
            type="email"
            description="The console mails admins here when something needs attention"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            name="password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters; a few words are easy to remember`}
            autoComplete="new-password"
            required
            error={errors.password}
          />
          <PasswordInput
            label="Repeat the password"
            name="repeat"
            autoComplete="new-password"
            required
            error={errors.repeat}
          />
          <Button type="submit" loading={busy} fullWidth>
            Create the admin account
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}

/** The sign-in page's frame: one card in the middle of the screen. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={420}>
        {children}
      </Paper>
    </Center>
  );
}
