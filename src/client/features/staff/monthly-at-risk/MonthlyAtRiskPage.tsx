import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import { LANGUAGE_NAMES } from '../../../../shared/languages';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';

/** A row as the server's staff.monthlyAtRisk.list returns it (typed through the router). */
type Row = RouterOutputs['staff']['monthlyAtRisk']['list'][number];

/** What happened, in the words a trustee uses. */
const WHAT_HAPPENED: Record<Row['status'], string> = {
  pending: 'A charge failed; Razorpay is retrying',
  halted: 'Charges failed; Razorpay has stopped trying',
};

/** The donor's mail: sent, still queued, or failed in the outbox; and how many times staff sent it again. */
function mailState(row: Row): string {
  const first = row.mailStatus === 'sent' ? `Sent ${indiaTime(row.mailSentAt)}` : (row.mailStatus ?? 'Not sent');
  return row.mailResends > 0 ? `${first}, sent again ${row.mailResends}×` : first;
}

/** The donor's phone, to call from a phone's browser with one tap. */
const PhoneLink = ({ phone }: { phone: string | null }) =>
  phone ? <Anchor href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</Anchor> : <>—</>;

const WhatHappened = ({ row }: { row: Row }) => (
  <Stack gap={2}>
    <Badge color={row.status === 'halted' ? 'red' : 'orange'} variant="light" style={{ overflow: 'visible' }}>
      {row.status}
    </Badge>
    <Text size="xs">{WHAT_HAPPENED[row.status]}</Text>
  </Stack>
);

/** On a phone: one card per gift, stacked, the call and the mail at hand (the table is too wide there). */
function AtRiskCards({ rows, sendAgain }: { rows: Row[]; sendAgain: (row: Row) => ReactNode }) {
  if (rows.length === 0) return <Text size="sm">No monthly gift is at risk</Text>;
  return (
    <Stack gap="xs" role="list" aria-label="Monthly gifts at risk">
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="sm" role="listitem">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text size="sm" fw={600}>
              {row.name ?? '—'}
            </Text>
            <Text size="sm">{row.amount === null ? '—' : `${rupees(row.amount)} a month`}</Text>
          </Group>
          <Text size="xs" style={{ wordBreak: 'break-all' }}>
            {row.email}
          </Text>
          <Text size="sm" mt={4}>
            <PhoneLink phone={row.phone} />
            {row.language ? ` · ${LANGUAGE_NAMES[row.language]}` : ''}
          </Text>
          <Text size="xs" mt={4}>
            At risk since {indiaTime(row.since)}
          </Text>
          <WhatHappened row={row} />
          <Group justify="space-between" align="center" mt={4}>
            <Text size="xs">Mail: {mailState(row)}</Text>
            {sendAgain(row)}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function MonthlyAtRiskPage() {
  const phone = useMediaQuery('(max-width: 48em)');
  useStaffTitle('Monthly gifts at risk');
  const utils = staffTrpc.useUtils();
  const list = staffTrpc.staff.monthlyAtRisk.list.useQuery();
  const resend = staffTrpc.staff.monthlyAtRisk.resendMail.useMutation({
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        message: 'The mail is on its way again',
        closeButtonProps: { 'aria-label': 'Close the notice' },
      });
      await utils.staff.monthlyAtRisk.list.invalidate();
    },
  });

  const sendAgain = (row: Row) => (
    <Button
      size="compact-xs"
      variant="light"
      loading={resend.isPending && resend.variables?.id === row.id}
      onClick={() => resend.mutate({ id: row.id })}
      aria-label={`Send the mail again to ${row.name ?? 'the donor'}`}
    >
      Send again
    </Button>
  );

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Monthly gifts at risk
      </Title>
      <Text size="sm">
        Monthly donors whose card or bank refused a charge. Each was mailed once, in their language, with a link that
        starts the same gift again; a call helps more.
      </Text>
      <ErrorMessage error={list.error} />
      <ErrorMessage error={resend.error} title="Not sent" />
      {phone ? (
        <AtRiskCards rows={list.data ?? []} sendAgain={sendAgain} />
      ) : (
        <DataTable<Row>
          aria-label="Monthly gifts at risk"
          {...TABLE_PROPS}
          fetching={list.isFetching}
          records={list.data ?? []}
          noRecordsText="No monthly gift is at risk"
          columns={[
            {
              accessor: 'name',
              title: 'Donor',
              render: (row) => (
                <Text size="sm">
                  {row.name ?? '—'}
                  <br />
                  <Text span size="xs" style={{ wordBreak: 'break-all' }}>
                    {row.email}
                  </Text>
                </Text>
              ),
            },
            {
              accessor: 'phone',
              title: 'Phone',
              render: (row) => <PhoneLink phone={row.phone} />,
            },
            {
              accessor: 'language',
              title: 'Language',
              render: (row) => (row.language ? LANGUAGE_NAMES[row.language] : '—'),
            },
            {
              accessor: 'amount',
              title: 'Monthly',
              textAlign: 'right',
              render: (row) => (row.amount === null ? '—' : rupees(row.amount)),
            },
            { accessor: 'since', title: 'At risk since', render: (row) => indiaTime(row.since) },
            {
              accessor: 'status',
              title: 'What happened',
              render: (row) => <WhatHappened row={row} />,
            },
            { accessor: 'mailStatus', title: 'Mail', render: (row) => <Text size="xs">{mailState(row)}</Text> },
            {
              accessor: 'actions',
              title: 'Send again',
              render: sendAgain,
            },
          ]}
        />
      )}
    </Stack>
  );
}
