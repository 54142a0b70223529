import { Card, Table, Text, Title } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { DonationLink } from '../DonationLink';
import { indiaTime } from '../format';
import { money } from './money';

type UnsettledPayments = inferRouterOutputs<AppRouter>['staff']['settlements']['list']['unsettled'];

/** The payments captured but in no settlement yet, the oldest listed. */
export function Unsettled({ unsettled }: { unsettled: UnsettledPayments }) {
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="unsettled-heading">
      <Title order={2} size="h4" id="unsettled-heading">
        Captured, not settled yet
      </Title>
      <Text size="sm" mb="xs">
        {unsettled.count === 0
          ? 'Every payment captured has reached a settlement.'
          : `${unsettled.count} ${unsettled.count === 1 ? 'payment' : 'payments'}, ${money(unsettled.amount)}, captured but in no settlement yet. Razorpay settles two working days after capture.`}
        {unsettled.since &&
          ` Counted from ${indiaTime(unsettled.since)}, a week before the first settlement on record.`}
      </Text>
      {unsettled.count > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing={2} fz="sm" aria-labelledby="unsettled-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Donation</Table.Th>
                <Table.Th>Payment id</Table.Th>
                <Table.Th>Paid on</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unsettled.items.map((item) => (
                <Table.Tr key={item.paymentId}>
                  <Table.Td>
                    <DonationLink id={item.donationId} />
                  </Table.Td>
                  <Table.Td ff="monospace">{item.paymentId}</Table.Td>
                  <Table.Td>{indiaTime(item.paidAt)}</Table.Td>
                  <Table.Td>{item.status}</Table.Td>
                  <Table.Td ta="right">{money(item.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {unsettled.count > unsettled.items.length && (
        <Text size="xs" c="dimmed">
          The oldest {unsettled.items.length} are listed.
        </Text>
      )}
    </Card>
  );
}
