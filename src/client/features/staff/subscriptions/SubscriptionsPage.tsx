import { Button, Group, Modal, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import {
  FINAL_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../../../shared/donation-states';
import { DonationLink } from '../DonationLink';
import { StatusBadge } from '../donations/StatusBadge';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';

/** A row as the server's staff.subscriptions.list returns it (typed through the router). */
type Row = RouterOutputs['staff']['subscriptions']['list']['rows'][number];

const PAGE_SIZE = 50;
const CANCELLABLE = (status: SubscriptionStatus) => !FINAL_SUBSCRIPTION_STATUSES.includes(status);

export function SubscriptionsPage() {
  useStaffTitle('Monthly donors');
  const [status, setStatus] = useState<SubscriptionStatus | undefined>();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Row>();
  const utils = staffTrpc.useUtils();
  const list = staffTrpc.staff.subscriptions.list.useQuery(
    { status, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const cancel = staffTrpc.staff.subscriptions.cancel.useMutation({
    onSuccess: async (_result, { id }) => {
      setConfirming(undefined);
      notifications.show({ color: 'green', message: `Monthly gift ${id} cancelled` });
      await utils.staff.subscriptions.list.invalidate();
    },
  });

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Monthly donors
      </Title>
      <Select
        label="Status"
        data={[...SUBSCRIPTION_STATUSES]}
        value={status ?? null}
        onChange={(value) => {
          setStatus((value as SubscriptionStatus | null) ?? undefined);
          setPage(1);
        }}
        clearable
        w={200}
      />
      <ErrorMessage error={list.error} />
      <DataTable<Row>
        aria-label="Monthly donors"
        {...TABLE_PROPS}
        fetching={list.isFetching}
        records={list.data?.rows ?? []}
        totalRecords={list.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={PAGE_SIZE}
        noRecordsText="No monthly donors"
        columns={[
          { accessor: 'status', render: (row) => <StatusBadge status={row.status} /> },
          {
            accessor: 'name',
            title: 'Donor',
            render: (row) => (
              <Text size="sm">
                {row.name ?? '—'}
                <br />
                <Text span size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {row.email}
                </Text>
              </Text>
            ),
          },
          {
            accessor: 'amount',
            title: 'Monthly',
            textAlign: 'right',
            render: (row) => (row.amount === null ? '—' : rupees(row.amount)),
          },
          { accessor: 'charges', title: 'Charges', textAlign: 'right' },
          { accessor: 'chargedTotal', title: 'Charged', textAlign: 'right', render: (row) => rupees(row.chargedTotal) },
          { accessor: 'lastChargeAt', title: 'Last charge', render: (row) => indiaTime(row.lastChargeAt) },
          { accessor: 'nextChargeAt', title: 'Next charge', render: (row) => indiaTime(row.nextChargeAt) },
          {
            accessor: 'donationId',
            title: 'First gift',
            render: (row) => (row.donationId ? <DonationLink id={row.donationId} /> : '—'),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (row) =>
              CANCELLABLE(row.status) ? (
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  onClick={() => {
                    cancel.reset();
                    setConfirming(row);
                  }}
                  aria-label={`Cancel monthly gift ${row.id} of ${row.name ?? 'unknown donor'}`}
                >
                  Cancel
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal opened={Boolean(confirming)} onClose={() => setConfirming(undefined)} title="Cancel this monthly gift?">
        {confirming && (
          <Stack gap="sm">
            <Text size="sm">
              {confirming.name ?? 'The donor'} gives {confirming.amount === null ? '' : rupees(confirming.amount)} a
              month ({confirming.razorpaySubscriptionId}). Razorpay will stop charging at once; this cannot be undone.
            </Text>
            <ErrorMessage error={cancel.error} title="Not cancelled" />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(undefined)}>
                Keep it
              </Button>
              <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ id: confirming.id })}>
                Cancel the monthly gift
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
