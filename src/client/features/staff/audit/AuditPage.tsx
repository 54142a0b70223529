import { Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';

const PAGE_SIZE = 50;

/** Who did what, when and from where: admins only. */
export function AuditPage() {
  useStaffTitle('Audit trail');
  const [page, setPage] = useState(1);
  const audit = staffTrpc.staff.audit.list.useQuery(
    { page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Audit trail
      </Title>
      <ErrorMessage error={audit.error} />
      <DataTable
        aria-label="Audit trail"
        {...TABLE_PROPS}
        fetching={audit.isFetching}
        records={audit.data?.rows ?? []}
        totalRecords={audit.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={PAGE_SIZE}
        noRecordsText="Nothing recorded yet"
        columns={[
          { accessor: 'at', title: 'When (IST)', render: (row) => indiaTime(row.at) },
          { accessor: 'username', title: 'Who' },
          { accessor: 'action', title: 'What' },
          { accessor: 'ip', title: 'From' },
          {
            accessor: 'details',
            render: (row) => (
              <Text size="xs" style={{ wordBreak: 'break-all' }}>
                {row.details ? JSON.stringify(row.details) : ''}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
