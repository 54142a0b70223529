import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { CASH_DEDUCTION_LIMIT_PAISE } from '../../../../shared/gift-modes';
import { ErrorMessage } from '../ErrorMessage';
import { Figure } from '../Figure';
import { rupees } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { DonorReviews, ReviewWarning } from './DonorReviews';
import { NotInPartB } from './NotInPartB';
import { StatementPurposes } from './StatementPurposes';
import { filingDeadline, statementCsvHref } from './statement-year';

/** Whole rupees (as Part B files them, and the summary sums them) with Indian grouping: ₹1,00,000. */
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
          {data.rows > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Table withTableBorder striped aria-label="By donation type">
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
              <Table withTableBorder striped aria-label="By mode of receipt">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Mode of receipt</Table.Th>
                    <Table.Th ta="right">Rows</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.byMode.map((mode) => (
                    <Table.Tr key={mode.modeOfReceipt}>
                      <Table.Td>{mode.modeOfReceipt}</Table.Td>
                      <Table.Td ta="right">{mode.rows}</Table.Td>
                      <Table.Td ta="right">{wholeRupees(mode.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </SimpleGrid>
          )}
          <Card withBorder padding="sm">
            <Title order={2} size="h4">
              Part B
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              One row per donor, donation type and mode of receipt (cash up to {rupees(CASH_DEDUCTION_LIMIT_PAISE)}, or
              electronic: online, cheque, draft, bank transfer), in the portal’s column order. The figures above are its
              rows, summed.
            </Text>
            <ReviewWarning summary={data} />
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
          <DonorReviews year={year} summary={data} isAdmin={isAdmin} />
          <NotInPartB year={year} unreportable={data.unreportable} />
        </>
      )}
      <StatementPurposes />
    </Stack>
  );
}
