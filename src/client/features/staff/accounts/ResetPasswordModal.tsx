import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/staff.schema';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

/** An admin sets a new password for someone (their sessions end). */
export function ResetPasswordModal({
  account,
  onClose,
}: {
  account?: { id: number; username: string };
  onClose: () => void;
}) {
  const [tooShort, setTooShort] = useState(false);
  const reset = staffTrpc.staff.accounts.resetPassword.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'green', message: `New password set for ${account?.username}` });
      onClose();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password'));
    setTooShort(password.length < MIN_PASSWORD_LENGTH);
    if (account && password.length >= MIN_PASSWORD_LENGTH) reset.mutate({ id: account.id, password });
  };
  return (
    <Modal opened={Boolean(account)} onClose={onClose} title={`Reset the password of ${account?.username ?? ''}`}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            name="password"
            required
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            error={tooShort ? `Must be at least ${MIN_PASSWORD_LENGTH} characters` : undefined}
            data-autofocus
          />
          <ErrorMessage error={reset.error} title="Not changed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={reset.isPending}>
              Set password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
