import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import { PURPOSES } from '../../../../shared/donation.schema';
import { DonationLink } from '../DonationLink';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { DonationFilters } from './DonationFilters';
import { csvHref, type DonationsSearch, listInputOf, PAGE_SIZES } from './donations-search';
import { StatusBadge } from './StatusBadge';

/** A row as the server's staff.donations.list returns it (typed through the router, not re-declared). */
type Row = RouterOutputs['staff']['donations']['list']['rows'][number];

export function DonationsPage() {
  useStaffTitle('Donations');
  const search = useSearch({ from: '/staff/console/donations' });
  const navigate = useNavigate({ from: '/staff/donations' });
  const input = listInputOf(search);
  const list = staffTrpc.staff.donations.list.useQuery(input, { placeholderData: keepPreviousData });

  // Any change but the page's own goes back to page 1.
  const update = (patch: Partial<DonationsSearch>) =>
    navigate({ search: (previous: DonationsSearch) => ({ ...previous, page: undefined, ...patch }), replace: true });
  const sortStatus: DataTableSortStatus<Row> = { columnAccessor: input.sort, direction: input.direction };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Donations
        </Title>
        <Button component="a" href={csvHref(input.filter)} download variant="light">
          Export CSV
        </Button>
      </Group>
      <DonationFilters search={search} onChange={update} />
      <ErrorMessage error={list.error} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {list.data
          ? // Past a thousand matches the server stops counting: "1,000+ donations".
            `${list.data.total.toLocaleString('en-IN')}${list.data.totalIsLowerBound ? '+' : ''} ${list.data.total === 1 ? 'donation' : 'donations'}`
          : 'Loading…'}
      </Text>
      <DataTable<Row>
        aria-label="Donations"
        {...TABLE_PROPS}
        highlightOnHover
        // On a phone the table scrolls sideways rather than breaking e-mails letter by letter.
        defaultColumnProps={{ noWrap: true }}
        fetching={list.isFetching}
        records={list.data?.rows ?? []}
        totalRecords={list.data?.total ?? 0}
        page={input.page}
        onPageChange={(page) => update({ page })}
        recordsPerPage={input.pageSize}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => update({ size })}
        sortStatus={sortStatus}
        onSortStatusChange={(status) => update({ sort: String(status.columnAccessor), dir: status.direction })}
        noRecordsText="No donations match these filters"
        columns={[
          {
            accessor: 'id',
            title: '#',
            sortable: true,
            render: (row) => <DonationLink id={row.id} />,
          },
          { accessor: 'createdAt', title: 'Date (IST)', sortable: true, render: (row) => indiaTime(row.createdAt) },
          { accessor: 'name', title: 'Donor', sortable: true },
          {
            accessor: 'email',
            title: 'Contact',
            render: (row) => (
              <Text size="sm">
                {row.email}
                <br />
                {row.phone}
              </Text>
            ),
          },
          {
            accessor: 'amount',
            title: 'Amount',
            sortable: true,
            textAlign: 'right',
            render: (row) => rupees(row.amount),
          },
          {
            accessor: 'donationType',
            title: 'Type',
            render: (row) => (
              <Badge variant="outline" size="sm">
                {row.donationType}
              </Badge>
            ),
          },
          {
            accessor: 'purpose',
            title: 'Purpose',
            render: (row) => (row.purpose ? (PURPOSES[row.purpose as keyof typeof PURPOSES] ?? row.purpose) : '—'),
          },
          {
            accessor: 'mode',
            title: 'Mode',
            render: (row) =>
              row.mode === 'online' ? 'Online' : `${row.mode}${row.reference ? ` ${row.reference}` : ''}`,
          },
          { accessor: 'status', title: 'Status', sortable: true, render: (row) => <StatusBadge status={row.status} /> },
        ]}
      />
    </Stack>
  );
}
