import { Loader, Table, Text } from '@mantine/core';
import { DonationLink } from '../DonationLink';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { staffTrpc } from '../trpc';
import { money } from './money';

const TYPE_LABELS: Record<string, string> = {
  payment: 'Payment',
  refund: 'Refund',
  adjustment: 'Adjustment',
  'awaiting report': 'Report awaited',
};

/** A settlement's lines, as the CSV has them: each payment and refund with its donation and receipt. */
export function SettlementLines({ id }: { id: string }) {
  const lines = staffTrpc.staff.settlements.lines.useQuery({ id });
  if (lines.error) return <ErrorMessage error={lines.error} />;
  if (!lines.data) return <Loader size="sm" aria-label="Loading the settlement's lines" />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing={2} fz="sm" aria-label={`Lines of settlement ${id}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Razorpay id</Table.Th>
            <Table.Th>Donation</Table.Th>
            <Table.Th>Receipt</Table.Th>
            <Table.Th>Made on</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">GST on fee</Table.Th>
            <Table.Th ta="right">Adjustment</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.data.map((line) => (
            <Table.Tr key={line.entityId ?? line.type}>
              <Table.Td>{TYPE_LABELS[line.type] ?? line.type}</Table.Td>
              <Table.Td>
                <Text span ff="monospace" size="xs">
                  {line.entityId ?? '—'}
                </Text>
                {line.type === 'refund' && line.paymentId && (
                  <Text size="xs" c="dimmed">
                    of {line.paymentId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.donationId ? <DonationLink id={line.donationId} /> : '—'}</Table.Td>
              <Table.Td>{line.receiptNumber ?? '—'}</Table.Td>
              <Table.Td>{indiaTime(line.occurredAt)}</Table.Td>
              <Table.Td ta="right">{money(line.gross)}</Table.Td>
              <Table.Td ta="right">{money(line.fee)}</Table.Td>
              <Table.Td ta="right">{money(line.tax)}</Table.Td>
              <Table.Td ta="right">{money(line.adjustment)}</Table.Td>
              <Table.Td ta="right">{money(line.net)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
