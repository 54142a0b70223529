import { Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { formatIndiaDate } from '../../../../shared/financial-year';
import { StatusBadge } from '../donations/StatusBadge';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { CompleteErasureModal, type ErasureRow } from './CompleteErasureModal';

/** A day in India time, as receipts print it: `1 April 2034`. */
const indiaDay = (iso: string | null) => (iso ? formatIndiaDate(new Date(iso)) : '—');

/** Donors' requests to be forgotten (DPDP Act 2023), waiting ones first: any staff member sees them, an admin completes them. */
export function ErasurePage() {
  useStaffTitle('Erasure requests');
  const list = staffTrpc.staff.erasure.list.useQuery();
  const [completing, setCompleting] = useState<ErasureRow>();
  const waiting = list.data?.filter((row) => row.status === 'requested').length ?? 0;
  const isAdmin = staffTrpc.staff.me.useQuery().data?.role === 'admin';

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Erasure requests
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        A donor asks from their own page to be forgotten. Completing a request anonymises them everywhere now, except on
        the receipts the tax law keeps, which are anonymised when their retention period ends.
      </Text>
      {!isAdmin && (
        <Text size="sm" maw={720}>
          Only an admin completes an erasure: it cannot be undone. Ask one to open this page.
        </Text>
      )}
      <ErrorMessage error={list.error} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {list.data ? `${waiting} waiting, ${list.data.length - waiting} completed` : 'Loading…'}
      </Text>
      <DataTable<ErasureRow>
        aria-label="Erasure requests"
        {...TABLE_PROPS}
        defaultColumnProps={{ noWrap: true }}
        fetching={list.isFetching}
        records={list.data ?? []}
        noRecordsText="No erasure requests: no donor has asked to be forgotten"
        columns={[
          { accessor: 'requestedAt', title: 'Asked (IST)', render: (row) => indiaTime(row.requestedAt) },
          {
            accessor: 'email',
            title: 'Donor',
            render: (row) =>
              row.status === 'requested' ? (
                row.email
              ) : (
                <Text size="sm" c="dimmed">
                  erased
                </Text>
              ),
          },
          {
            accessor: 'status',
            // A badge in a shrink-to-fit cell is cut to its first letters: the column keeps room for it.
            width: 120,
            render: (row) => <StatusBadge status={row.status} />,
          },
          {
            accessor: 'completedAt',
            title: 'Completed (IST)',
            render: (row) =>
              row.completedAt ? (
                <Text size="sm">
                  {indiaTime(row.completedAt)}
                  <br />
                  <Text span size="xs" c="dimmed">
                    by {row.completedBy}
                  </Text>
                </Text>
              ) : (
                '—'
              ),
          },
          {
            accessor: 'retainedUntil',
            title: 'Receipts kept',
            render: (row) => {
              if (row.status !== 'completed') return '—';
              if (row.keptReceipts === 0) return 'none';
              if (row.receiptsAnonymisedAt)
                return `${row.keptReceipts}, anonymised ${indiaDay(row.receiptsAnonymisedAt)}`;
              return `${row.keptReceipts}, until ${indiaDay(row.retainedUntil)}`;
            },
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (row) =>
              row.status === 'requested' &&
              isAdmin && (
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  onClick={() => setCompleting(row)}
                  aria-label={`Complete erasure request ${row.id}`}
                >
                  Complete erasure
                </Button>
              ),
          },
        ]}
      />
      <CompleteErasureModal request={completing} onClose={() => setCompleting(undefined)} />
    </Stack>
  );
}
