import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import type { DonorSortColumn } from '../../../../shared/donors.schema';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { DonorLink } from './DonorLink';

/** A row as the server's staff.donors.list returns it (typed through the router). */
type Row = RouterOutputs['staff']['donors']['list']['rows'][number];

const PAGE_SIZES = [25, 50, 100, 200];

/** Donors as people: one row each however they gave, with what they have given in all. */
export function DonorsPage() {
  useStaffTitle('Donors');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
    columnAccessor: 'lastGiftAt',
    direction: 'desc',
  });
  const list = staffTrpc.staff.donors.list.useQuery(
    {
      search: debounced,
      page,
      pageSize,
      sort: sortStatus.columnAccessor as DonorSortColumn,
      direction: sortStatus.direction,
    },
    { placeholderData: keepPreviousData },
  );

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Donors
      </Title>
      <TextInput
        label="Search"
        description="A name, e-mail or phone (or part of one), or the last four of a PAN or Aadhaar"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maxLength={100}
        w={{ base: '100%', sm: 420 }}
      />
      <ErrorMessage error={list.error} />
      <Text size="sm" aria-live="polite">
        {list.data
          ? `${list.data.total.toLocaleString('en-IN')}${list.data.totalIsLowerBound ? '+' : ''} ${list.data.total === 1 ? 'donor' : 'donors'}`
          : 'Loading…'}
      </Text>
      <DataTable<Row>
        aria-label="Donors"
        {...TABLE_PROPS}
        highlightOnHover
        defaultColumnProps={{ noWrap: true }}
        fetching={list.isFetching}
        records={list.data?.rows ?? []}
        totalRecords={list.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={pageSize}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        sortStatus={sortStatus}
        onSortStatusChange={(status) => {
          setSortStatus(status);
          setPage(1);
        }}
        noRecordsText="No donors match"
        columns={[
          {
            accessor: 'name',
            title: 'Donor',
            sortable: true,
            render: (row) => <DonorLink id={row.id}>{row.name ?? `Donor ${row.id}`}</DonorLink>,
          },
          {
            accessor: 'email',
            title: 'Contact',
            render: (row) => (
              <Text size="sm">
                {row.email ?? '—'}
                <br />
                <Text span size="xs">
                  {row.phone ?? ''}
                </Text>
              </Text>
            ),
          },
          {
            accessor: 'lifetimeTotal',
            title: 'Given in all',
            sortable: true,
            textAlign: 'right',
            render: (row) => rupees(row.lifetimeTotal),
          },
          { accessor: 'giftCount', title: 'Gifts', sortable: true, textAlign: 'right' },
          { accessor: 'lastGiftAt', title: 'Last gift', sortable: true, render: (row) => indiaTime(row.lastGiftAt) },
        ]}
      />
    </Stack>
  );
}
