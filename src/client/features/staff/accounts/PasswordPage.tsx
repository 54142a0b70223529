import { Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/staff.schema';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { EmailForm } from './EmailForm';

/** Any staff member's own e-mail address: where the health list's alerts go when they are an admin. */
function OwnEmail() {
  const utils = staffTrpc.useUtils();
  const own = staffTrpc.staff.accounts.ownEmail.useQuery();
  const setOwnEmail = staffTrpc.staff.accounts.setOwnEmail.useMutation({
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message: saved.email ? 'Your e-mail address is saved' : 'Your e-mail address is removed',
      });
      void utils.staff.accounts.ownEmail.invalidate();
    },
  });
  if (own.error) return <ErrorMessage error={own.error} />;
  if (!own.data) return null;
  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <EmailForm
          label="My e-mail address"
          initial={own.data.email}
          saving={setOwnEmail.isPending}
          onSave={(email) => setOwnEmail.mutate({ email: email ?? '' })}
        />
        <ErrorMessage error={setOwnEmail.error} title="Not saved" />
      </Stack>
    </Card>
  );
}

/** Any staff member changes their own password (knowing the current one) and their e-mail address. */
export function PasswordPage() {
  useStaffTitle('My password');
  const [problem, setProblem] = useState<string>();
  const change = staffTrpc.staff.accounts.changeOwnPassword.useMutation({
    onSuccess: () => notifications.show({ color: 'green', message: 'Your password is changed' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get('newPassword'));
    if (newPassword.length < MIN_PASSWORD_LENGTH)
      return setProblem(`Must be at least ${MIN_PASSWORD_LENGTH} characters`);
    if (newPassword !== form.get('repeat')) return setProblem('The two new passwords differ');
    setProblem(undefined);
    change.mutate(
      { currentPassword: String(form.get('currentPassword')), newPassword },
      { onSuccess: () => formElement.reset() },
    );
  };
  return (
    <Stack gap="md" maw={420}>
      <Title order={1} size="h2">
        My password
      </Title>
      <Card withBorder padding="sm" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <PasswordInput label="Current password" name="currentPassword" required autoComplete="current-password" />
          <PasswordInput
            label="New password"
            name="newPassword"
            required
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            error={problem}
          />
          <PasswordInput label="New password again" name="repeat" required autoComplete="new-password" />
          <ErrorMessage error={change.error} title="Not changed" />
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Stack>
      </Card>
      <OwnEmail />
    </Stack>
  );
}
