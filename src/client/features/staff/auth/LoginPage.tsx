import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useStaffTitle } from '../use-staff-title';
import { safeRedirect, signIn } from './session-api';

export function LoginPage() {
  useStaffTitle('Sign in');
  const { redirect } = useSearch({ from: '/staff/login' });
  const router = useRouter();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const result = await signIn(String(form.get('username')), String(form.get('password')));
      if (!result.ok) return setError(result.message);
      queryClient.clear();
      router.history.push(safeRedirect(redirect));
    } catch {
      setError('The server did not answer. Check the connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper component="form" onSubmit={submit} withBorder shadow="sm" p="lg" w="100%" maw={380} noValidate>
        <Stack gap="sm">
          <Title order={1} size="h3">
            Staff console
          </Title>
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            data-autofocus
            autoFocus
          />
          <PasswordInput label="Password" name="password" autoComplete="current-password" required />
          <Button type="submit" loading={busy} fullWidth>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
