import { Anchor, Badge, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import { ErrorMessage } from '../ErrorMessage';
import { rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { AppealForm } from './AppealForm';
import { AppealLink } from './AppealLink';
import { appealInputOf, emptyAppeal } from './appeal-form';

type Row = RouterOutputs['staff']['appeals']['list'][number];

const STATUS_COLORS = { draft: 'gray', published: 'green', closed: 'dark' } as const;

export function AppealStatusBadge({ status, open }: { status: Row['status']; open: boolean }) {
  const ended = status === 'published' && !open;
  return (
    <Badge color={ended ? 'orange' : STATUS_COLORS[status]} variant="light" c="dark.7">
      {ended ? 'ended' : status}
    </Badge>
  );
}

/** Raised against the goal, as the bar and the figures the public page shows. */
export function AppealProgress({ row }: { row: Pick<Row, 'raised' | 'goal' | 'percent' | 'donors'> }) {
  return (
    <Stack gap={2} miw={160}>
      <Text size="sm">
        {rupees(row.raised)} of {rupees(row.goal)} · {row.donors} {row.donors === 1 ? 'donor' : 'donors'}
      </Text>
      <Progress value={row.percent} aria-label={`${row.percent}% of the goal`} size="sm" />
    </Stack>
  );
}

/** The trust's appeals for one animal, with their totals; a new one starts as a draft. */
export function AppealsPage() {
  useStaffTitle('Appeals');
  const navigate = useNavigate();
  const utils = staffTrpc.useUtils();
  const list = staffTrpc.staff.appeals.list.useQuery();
  const [creating, setCreating] = useState(false);
  const create = staffTrpc.staff.appeals.create.useMutation({
    onSuccess: async ({ id }) => {
      notifications.show({ color: 'green', message: 'Appeal saved as a draft' });
      await utils.staff.appeals.list.invalidate();
      await navigate({ to: '/staff/appeals/$id', params: { id: String(id) } });
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Appeals
        </Title>
        {!creating && <Button onClick={() => setCreating(true)}>New appeal</Button>}
      </Group>
      <Text size="sm">
        An appeal for one animal: its story, photos and goal, with raised so far and its donors. A new appeal is a draft
        until it is published; a closed appeal stays readable and takes no more gifts.
      </Text>
      {creating && (
        <AppealForm
          initial={emptyAppeal()}
          submitLabel="Save as a draft"
          saving={create.isPending}
          error={create.error}
          onSave={(values) => create.mutate(appealInputOf(values))}
        />
      )}
      <ErrorMessage error={list.error} />
      <DataTable<Row>
        aria-label="Appeals"
        {...TABLE_PROPS}
        fetching={list.isFetching}
        records={list.data ?? []}
        noRecordsText="No appeals yet"
        columns={[
          {
            accessor: 'title',
            render: (row) => <AppealLink id={row.id}>{row.title}</AppealLink>,
          },
          { accessor: 'status', render: (row) => <AppealStatusBadge status={row.status} open={row.open} /> },
          { accessor: 'raised', title: 'Raised', render: (row) => <AppealProgress row={row} /> },
          {
            accessor: 'daysLeft',
            title: 'Days left',
            render: (row) => (row.daysLeft === null ? '—' : String(row.daysLeft)),
          },
          { accessor: 'updates', title: 'Updates' },
          {
            accessor: 'id',
            title: 'Gifts',
            render: (row) => (
              <Anchor href={`/staff/api/appeals/${row.id}/gifts.csv`} size="sm" download>
                CSV
              </Anchor>
            ),
          },
        ]}
      />
    </Stack>
  );
}
