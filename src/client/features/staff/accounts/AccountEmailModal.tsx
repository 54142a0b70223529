import { Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { EmailForm } from './EmailForm';

/** An admin sets someone's e-mail address (where alerts go), or clears it. */
export function AccountEmailModal({
  account,
  onClose,
}: {
  account?: { id: number; username: string; email: string | null };
  onClose: () => void;
}) {
  const utils = staffTrpc.useUtils();
  const setEmail = staffTrpc.staff.accounts.setEmail.useMutation({
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message: saved.email
          ? `E-mail address saved for ${saved.username}`
          : `E-mail address removed for ${saved.username}`,
      });
      void utils.staff.accounts.list.invalidate();
      void utils.staff.health.list.invalidate();
      onClose();
    },
  });
  return (
    <Modal opened={Boolean(account)} onClose={onClose} title={`E-mail address of ${account?.username ?? ''}`}>
      <Stack gap="sm">
        {account && (
          <EmailForm
            initial={account.email}
            saving={setEmail.isPending}
            onSave={(email) => setEmail.mutate({ id: account.id, email: email ?? '' })}
          />
        )}
        <ErrorMessage error={setEmail.error} title="Not saved" />
      </Stack>
    </Modal>
  );
}
