import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { financialYearOf, financialYearStarting } from '../../../../shared/india-time';
import { RECEIPT_STATUSES } from '../../../../shared/receipts.schema';
import { DonationLink } from '../DonationLink';
import { StatusBadge } from '../donations/StatusBadge';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { type ReceiptRow, ResendReceiptModal } from './ResendReceiptModal';

const PAGE_SIZE = 50;
/** How many financial years the filter offers: this one and the ones before it. */
const YEARS_OFFERED = 6;

function financialYearOptions(): string[] {
  const current = financialYearOf(new Date()).startYear;
  return Array.from({ length: YEARS_OFFERED }, (_, back) => financialYearStarting(current - back).label);
}

/** The receipt register: every number issued, by financial year, for the accountant. */
export function ReceiptsPage() {
  useStaffTitle('Receipts');
  const [financialYear, setFinancialYear] = useState<string | null>(null);
  const [status, setStatus] = useState<(typeof RECEIPT_STATUSES)[number] | null>(null);
  const [number, setNumber] = useState('');
  const [donor, setDonor] = useState('');
  const [page, setPage] = useState(1);
  const [resending, setResending] = useState<ReceiptRow>();
  // Typed searches ask the server once typing pauses, not on every key.
  const [settledNumber] = useDebouncedValue(number.trim(), 400);
  const [settledDonor] = useDebouncedValue(donor.trim(), 400);
  const list = staffTrpc.staff.receipts.list.useQuery(
    {
      page,
      pageSize: PAGE_SIZE,
      financialYear: financialYear ?? undefined,
      status: status ?? undefined,
      number: settledNumber || undefined,
      donor: settledDonor || undefined,
    },
    { placeholderData: keepPreviousData },
  );
  // A changed filter starts again from page 1.
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Receipts
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="Financial year"
          data={financialYearOptions()}
          value={financialYear}
          onChange={filtered(setFinancialYear)}
          clearable
          w={{ base: '48%', xs: 150 }}
        />
        <Select
          label="Status"
          data={[...RECEIPT_STATUSES]}
          value={status}
          onChange={filtered((value: string | null) => setStatus(value as typeof status))}
          clearable
          w={{ base: '48%', xs: 150 }}
        />
        <TextInput
          label="Receipt number"
          type="search"
          value={number}
          onChange={(event) => filtered(setNumber)(event.currentTarget.value)}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label="Donor"
          description="Name or e-mail"
          type="search"
          value={donor}
          onChange={(event) => filtered(setDonor)(event.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      <ErrorMessage error={list.error} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {list.data
          ? `${list.data.total.toLocaleString('en-IN')}${list.data.totalIsLowerBound ? '+' : ''} ${list.data.total === 1 ? 'receipt' : 'receipts'}`
          : 'Loading…'}
      </Text>
      <DataTable<ReceiptRow>
        aria-label="Receipts"
        {...TABLE_PROPS}
        defaultColumnProps={{ noWrap: true }}
        fetching={list.isFetching}
        records={list.data?.rows ?? []}
        totalRecords={list.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={PAGE_SIZE}
        noRecordsText="No receipts match these filters"
        columns={[
          { accessor: 'number', title: 'Number' },
          { accessor: 'issuedAt', title: 'Issued (IST)', render: (row) => indiaTime(row.issuedAt) },
          {
            accessor: 'donorName',
            title: 'Donor',
            render: (row) => (
              <Text size="sm">
                {row.donorName}
                <br />
                <Text span size="xs" c="dimmed">
                  {row.donorEmail}
                  {row.donorIdMasked ? ` · ${row.donorIdMasked}` : ''}
                </Text>
              </Text>
            ),
          },
          { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (row) => rupees(row.amount) },
          {
            accessor: 'status',
            render: (row) => (
              <Stack gap={0}>
                <StatusBadge status={row.status} />
                {row.cancelledAt && (
                  <Text size="xs" c="dimmed">
                    {indiaTime(row.cancelledAt)}: {row.cancellationReason}
                  </Text>
                )}
              </Stack>
            ),
          },
          { accessor: 'donationId', title: 'Donation', render: (row) => <DonationLink id={row.donationId} /> },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (row) => (
              <Group gap={4} wrap="nowrap">
                <Anchor href={row.pdfUrl} download size="sm" aria-label={`Download PDF of receipt ${row.number}`}>
                  Download PDF
                </Anchor>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => setResending(row)}
                  aria-label={`Resend receipt ${row.number}`}
                >
                  Resend
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <ResendReceiptModal receipt={resending} onClose={() => setResending(undefined)} />
    </Stack>
  );
}
