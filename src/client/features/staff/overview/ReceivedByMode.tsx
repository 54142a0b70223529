import { Card, Table, Text, Title } from '@mantine/core';
import { GIFT_MODE_LABELS, type GiftMode } from '../../../../shared/gift-modes';
import { rupees } from '../format';

interface Total {
  count: number;
  /** Paise. */
  amount: number;
}

interface ModeTotals {
  mode: GiftMode;
  today: Total;
  thisMonth: Total;
  thisFinancialYear: Total;
}

const PERIODS = ['today', 'thisMonth', 'thisFinancialYear'] as const;

function Cell({ total }: { total: Total }) {
  return (
    <Table.Td ta="right">
      {rupees(total.amount)}
      <Text span size="xs" c="dimmed" display="block">
        {total.count} {total.count === 1 ? 'gift' : 'gifts'}
      </Text>
    </Table.Td>
  );
}

/**
 * Paid gifts by how they came (online, cheque, draft, transfer, cash, in kind), each dated the day
 * it came: an online gift its payment's, one received outside the website the day received.
 */
export function ReceivedByMode({ rows, financialYear }: { rows: ModeTotals[]; financialYear: string }) {
  const sum = (period: (typeof PERIODS)[number]) =>
    rows.reduce(
      (total, row) => ({ count: total.count + row[period].count, amount: total.amount + row[period].amount }),
      { count: 0, amount: 0 },
    );
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="received-by-mode-heading">
      <Title order={2} size="h4" mb="xs" id="received-by-mode-heading">
        Received by mode
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing={4} aria-labelledby="received-by-mode-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mode</Table.Th>
              <Table.Th ta="right">Today</Table.Th>
              <Table.Th ta="right">This month</Table.Th>
              <Table.Th ta="right">Financial year {financialYear}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.mode}>
                <Table.Th scope="row" fw={400}>
                  {GIFT_MODE_LABELS[row.mode]}
                </Table.Th>
                {PERIODS.map((period) => (
                  <Cell key={period} total={row[period]} />
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">All modes</Table.Th>
              {PERIODS.map((period) => (
                <Cell key={period} total={sum(period)} />
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        Paid gifts only: refunded and bounced ones are left out. A gift received outside the website counts on the day
        it was received.
      </Text>
    </Card>
  );
}
