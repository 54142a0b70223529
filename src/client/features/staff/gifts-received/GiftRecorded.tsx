import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/transports/trpc/router';

/** A gift just recorded: its receipt to print, its donation, and whether the donor was mailed. */
export function GiftRecorded({ done }: { done: inferRouterOutputs<AppRouter>['staff']['offlineGifts']['record'] }) {
  return (
    <Alert color="green" title={`Receipt ${done.receiptNumber} issued`} role="status">
      <Group gap="md">
        <Anchor href={`/staff/api/receipts/${done.receiptId}.pdf`} target="_blank" fw={600}>
          Print the receipt (PDF)
        </Anchor>
        <Anchor href={`/staff/donations/${done.donationId}`}>Donation #{done.donationId}</Anchor>
        <Text size="sm">{done.mailed ? 'Mailed to the donor.' : 'No e-mail: hand it over in print.'}</Text>
      </Group>
    </Alert>
  );
}
