import { Button, Card, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

export /** A cheque or draft the bank returned: its reason, a confirmation, then the receipt is cancelled and the donor told. */
function BounceCheque({ donationId, instrument }: { donationId: number; instrument: string }) {
  const utils = staffTrpc.useUtils();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const bounce = staffTrpc.staff.offlineGifts.bounce.useMutation({
    onSuccess: () => {
      setConfirming(false);
      void utils.staff.donations.story.invalidate({ id: donationId });
    },
  });
  const issue = (bounce.error?.data as { issues?: { path: string; message: string }[] } | undefined)?.issues?.[0];
  return (
    <Card withBorder padding="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Returned by the bank? Why (as the bank’s memo says)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={issue ? `Reason ${issue.message}` : undefined}
          w={{ base: '100%', sm: 360 }}
        />
        <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={reason.trim() === ''}>
          Mark the {instrument} bounced
        </Button>
      </Group>
      {bounce.error && !issue && <ErrorMessage error={bounce.error} title="Not marked" />}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Mark the ${instrument} bounced?`}>
        <Text size="sm">
          Its receipt is cancelled (kept, marked cancelled with this reason) and the donor is told by mail. This cannot
          be undone.
        </Text>
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep it paid
          </Button>
          <Button color="red" loading={bounce.isPending} onClick={() => bounce.mutate({ id: donationId, reason })}>
            Mark bounced
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
