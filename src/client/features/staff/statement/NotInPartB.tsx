import { Button, Group, List, Table, Text, Title } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { GIFT_MODE_LABELS } from '../../../../shared/gift-modes';
import { rupees } from '../format';
import { unreportableCsvHref } from './statement-year';

type Unreportable = inferRouterOutputs<AppRouter>['staff']['statement']['summary']['unreportable'];

const gifts = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'gift' : 'gifts'}`;

/**
 * The year's receipts Part B leaves out, each with its reason: gifts in kind and cash above
 * ₹2,000 (no deduction), and gifts without PAN or Aadhaar (write to those donors before filing).
 * With Part B's rows they are every receipt issued in the year.
 */
export function NotInPartB({ year, unreportable }: { year: string; unreportable: Unreportable }) {
  return (
    <section aria-labelledby="unreportable-heading">
      <Title order={2} size="h4" id="unreportable-heading" mb={4}>
        Not in Part B
      </Title>
      {unreportable.count === 0 ? (
        <Text size="sm">None: every gift of the year can be reported.</Text>
      ) : (
        <>
          <Text size="sm">
            {gifts(unreportable.count)}, {rupees(unreportable.totalPaise)}, are not in Part B:
          </Text>
          <List size="sm" mb="xs" aria-label="Why not in Part B">
            {unreportable.byReason.map((entry) => (
              <List.Item key={entry.reason}>
                {entry.reason}: {gifts(entry.count)}, {rupees(entry.totalPaise)}
              </List.Item>
            ))}
          </List>
          {unreportable.byReason.some((entry) => entry.code === 'noTaxId') && (
            <Text size="sm" mb="xs">
              Write to the donors without PAN or Aadhaar for one before filing: their gifts then go into Part B.
            </Text>
          )}
          <Table.ScrollContainer minWidth={720} mah={420}>
            <Table striped withTableBorder verticalSpacing={4} aria-label="Gifts not in Part B">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>Date (IST)</Table.Th>
                  <Table.Th>Donor</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Why not in Part B</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {unreportable.gifts.map((gift) => (
                  <Table.Tr key={gift.receiptNumber}>
                    <Table.Td>{gift.receiptNumber}</Table.Td>
                    <Table.Td>{gift.date}</Table.Td>
                    <Table.Td>{gift.donorName}</Table.Td>
                    <Table.Td>{GIFT_MODE_LABELS[gift.mode]}</Table.Td>
                    <Table.Td ta="right">{rupees(gift.amountPaise)}</Table.Td>
                    <Table.Td>{gift.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group mt="sm">
            <Button component="a" href={unreportableCsvHref(year)} download variant="light">
              Download the list (CSV)
            </Button>
          </Group>
        </>
      )}
    </section>
  );
}
