import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

export type ReceiptRow = inferRouterOutputs<AppRouter>['staff']['receipts']['list']['rows'][number];

/** Asks before mailing a receipt again: each resend is one more message in the donor's inbox. */
export function ResendReceiptModal({ receipt, onClose }: { receipt: ReceiptRow | undefined; onClose: () => void }) {
  const utils = staffTrpc.useUtils();
  const resend = staffTrpc.staff.receipts.resend.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `Receipt ${receipt?.number} queued to ${receipt?.donorEmail}` });
      onClose();
      await utils.staff.outbox.list.invalidate();
    },
  });
  const { reset } = resend;
  // A new receipt to confirm starts without the last one's error.
  useEffect(() => {
    if (receipt) reset();
  }, [receipt, reset]);

  return (
    <Modal opened={Boolean(receipt)} onClose={onClose} title="Resend this receipt?">
      {receipt && (
        <Stack gap="sm">
          <Text size="sm">
            Receipt {receipt.number} goes to {receipt.donorEmail} again, with its PDF attached.
          </Text>
          <ErrorMessage error={resend.error} title="Not resent" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep as is
            </Button>
            <Button loading={resend.isPending} onClick={() => resend.mutate({ id: receipt.id })}>
              Resend the receipt
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
