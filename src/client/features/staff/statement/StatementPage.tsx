import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '../ErrorMessage';
import { Figure } from '../Figure';
import { rupees } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { StatementPurposes } from './StatementPurposes';
import { filingDeadline, statementCsvHref, unreportableCsvHref } from './statement-year';

/** Whole rupees (as the summary gives them) with Indian grouping: ₹1,00,000. */
const wholeRupees = (value: number) => rupees(value * 100);

/** The year's statement of donations (Form 10BD, Form 113 from 2026-27): check it, then download Part B. */
export function StatementPage() {
  useStaffTitle('Annual statement');
  const years = staffTrpc.staff.statement.years.useQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const year = chosen ?? years.data?.lastClosed ?? null;
  const summary = staffTrpc.staff.statement.summary.useQuery(
    { year: year ?? '' },
    { enabled: year !== null, placeholderData: keepPreviousData },
  );
  const data = summary.data?.year === year ? summary.data : undefined;
  // Part B carries donors' full PAN and Aadhaar: the server gives it to admins only.
  const isAdmin = staffTrpc.staff.me.useQuery().data?.role === 'admin';

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {data
          ? `${data.formName} — statement of donations, ${year}`
          : `Statement of donations${year ? `, ${year}` : ''}`}
      </Title>
      <ErrorMessage error={years.error} />
      {years.data && (
        <Select
          label="Financial year"
          description="April to March, India time"
          data={years.data.years}
          value={year}
          onChange={(value) => value && setChosen(value)}
          allowDeselect={false}
          w={220}
        />
      )}
      {year && (
        <Alert color="blue" variant="light" title={`File by ${filingDeadline(year)}`}>
          The statement of {year}’s donations is due on the income-tax portal by {filingDeadline(year)}; the portal then
          issues each donor’s certificate. Check the figures against the receipt register before filing.
        </Alert>
      )}
      <ErrorMessage error={summary.error} />
      {year && !data && !summary.error && <Loader aria-label="Loading" />}
      {data && year && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure label="Rows" value={data.rows.toLocaleString('en-IN')} />
            <Figure label="Donors" value={data.donors.toLocaleString('en-IN')} />
            <Figure label="Total" value={wholeRupees(data.total)} />
          </SimpleGrid>
          {data.byType.length > 0 && (
            <Table withTableBorder striped aria-label="By donation type" maw={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Donation type</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.byType.map((type) => (
                  <Table.Tr key={type.donationType}>
                    <Table.Td>{type.donationType}</Table.Td>
                    <Table.Td ta="right">{type.rows}</Table.Td>
                    <Table.Td ta="right">{wholeRupees(type.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Card withBorder padding="sm">
              <Title order={2} size="h4">
                Part B
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                One row per donor and donation type, in the portal’s column order.
              </Text>
              {isAdmin ? (
                <Group>
                  <Button component="a" href={statementCsvHref(year)} download c="white">
                    Download Part B (CSV)
                  </Button>
                </Group>
              ) : (
                <Text size="sm">It holds donors’ full PAN and Aadhaar, so an admin downloads it.</Text>
              )}
            </Card>
            <Card withBorder padding="sm" aria-labelledby="unreportable-heading" component="section">
              <Title order={2} size="h4" id="unreportable-heading">
                Gifts without PAN or Aadhaar
              </Title>
              <Text size="sm" mb="sm">
                {data.unreportable.count === 0
                  ? 'None: every gift of the year can be reported.'
                  : `${data.unreportable.count.toLocaleString('en-IN')} ${data.unreportable.count === 1 ? 'gift' : 'gifts'}, ${wholeRupees(data.unreportable.total)}, cannot be reported. Write to these donors for their PAN or Aadhaar before filing.`}
              </Text>
              {data.unreportable.count > 0 && (
                <Group>
                  <Button component="a" href={unreportableCsvHref(year)} download variant="light">
                    Download the list (CSV)
                  </Button>
                </Group>
              )}
            </Card>
          </SimpleGrid>
        </>
      )}
      <StatementPurposes />
    </Stack>
  );
}
