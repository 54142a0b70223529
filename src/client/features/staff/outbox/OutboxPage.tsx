import { Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { OUTBOX_STATUSES } from '../../../../shared/receipts.schema';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { DevMailbox } from './DevMailbox';
import { OutboxStatusBadge } from './OutboxStatusBadge';

const PAGE_SIZE = 50;
type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Every message the site sends: what waits, what went, and why something did not. */
export function OutboxPage() {
  useStaffTitle('Outbox');
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const [page, setPage] = useState(1);
  const outbox = staffTrpc.staff.outbox.list.useQuery(
    { page, pageSize: PAGE_SIZE, status: status ?? undefined },
    { placeholderData: keepPreviousData },
  );

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Outbox
      </Title>
      <Select
        label="Status"
        data={[...OUTBOX_STATUSES]}
        value={status}
        onChange={(value) => {
          setStatus(value as OutboxStatus | null);
          setPage(1);
        }}
        clearable
        w={200}
      />
      <ErrorMessage error={outbox.error} />
      <DataTable
        aria-label="Outbox"
        {...TABLE_PROPS}
        fetching={outbox.isFetching}
        records={outbox.data?.rows ?? []}
        totalRecords={outbox.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={PAGE_SIZE}
        noRecordsText="No messages"
        columns={[
          { accessor: 'createdAt', title: 'Queued (IST)', noWrap: true, render: (row) => indiaTime(row.createdAt) },
          { accessor: 'kind', noWrap: true },
          { accessor: 'recipient', title: 'To', render: (row) => <Text size="sm">{row.recipient}</Text> },
          { accessor: 'subject', noWrap: true },
          { accessor: 'status', noWrap: true, render: (row) => <OutboxStatusBadge status={row.status} /> },
          {
            accessor: 'lastError',
            title: 'Why it failed',
            render: (row) => (
              <Text size="xs" c="red.9" miw={200} style={{ wordBreak: 'break-word' }}>
                {row.lastError}
              </Text>
            ),
          },
          { accessor: 'attempts', textAlign: 'right' },
          {
            accessor: 'sentAt',
            title: 'Sent / next try (IST)',
            noWrap: true,
            render: (row) => (row.sentAt ? indiaTime(row.sentAt) : indiaTime(row.nextAttemptAt)),
          },
        ]}
      />
      <DevMailbox />
    </Stack>
  );
}
