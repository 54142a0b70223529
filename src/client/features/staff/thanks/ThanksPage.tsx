import { Anchor, Badge, Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { RouterOutputs } from '../../../../server/trpc/router';
import { GIFT_MODE_LABELS } from '../../../../shared/gift-modes';
import { LANGUAGE_NAMES } from '../../../../shared/languages';
import { THANKS_DUE_HOURS, THANKS_WINDOW_DAYS } from '../../../../shared/thanks.schema';
import { DonationLink } from '../DonationLink';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';

/** A row as the server's staff.thanks.list returns it (typed through the router). */
type Row = RouterOutputs['staff']['thanks']['list']['entries'][number];

/** How long a gift has waited, in hours or days: the queue's urgency at a glance. */
function age(iso: string, now: number): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

/** The phone as a link a volunteer's phone dials: digits and a leading + only. */
const tel = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

export function ThanksPage() {
  useStaffTitle('Thank-you calls');
  const [called, setCalled] = useState(false);
  const utils = staffTrpc.useUtils();
  const me = staffTrpc.staff.me.useQuery();
  const list = staffTrpc.staff.thanks.list.useQuery({ called });
  const refresh = async () => {
    await utils.staff.thanks.list.invalidate();
    await utils.staff.thanks.overdue.invalidate();
  };
  const tick = staffTrpc.staff.thanks.tick.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Ticked off: thank you for calling' });
      await refresh();
    },
  });
  const untick = staffTrpc.staff.thanks.untick.useMutation({ onSuccess: refresh });
  const now = Date.now();

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Thank-you calls
      </Title>
      <Text size="sm">
        Every donor’s first gift, and every gift of {list.data ? rupees(list.data.threshold) : '…'} or more, from the
        last {THANKS_WINDOW_DAYS} days. Call within {THANKS_DUE_HOURS} hours, then tick it off.
      </Text>
      <SegmentedControl
        value={called ? 'called' : 'open'}
        onChange={(value) => setCalled(value === 'called')}
        data={[
          { value: 'open', label: 'To call' },
          { value: 'called', label: 'Called' },
        ]}
        w="fit-content"
      />
      <ErrorMessage error={list.error} />
      <ErrorMessage error={tick.error ?? untick.error} title="Not changed" />
      <DataTable<Row>
        aria-label={called ? 'Gifts thanked' : 'Gifts to thank'}
        {...TABLE_PROPS}
        fetching={list.isFetching}
        records={list.data?.entries ?? []}
        idAccessor="donationId"
        noRecordsText={called ? 'Nobody ticked off lately' : 'Every gift is thanked'}
        columns={[
          {
            accessor: 'name',
            title: 'Donor',
            render: (row) => (
              <Stack gap={2}>
                <Text size="sm">{row.name}</Text>
                <Anchor href={tel(row.phone)} size="sm" aria-label={`Call ${row.name} on ${row.phone}`}>
                  {row.phone}
                </Anchor>
                <Text size="xs">{LANGUAGE_NAMES[row.language]}</Text>
              </Stack>
            ),
          },
          {
            accessor: 'amount',
            title: 'Gift',
            render: (row) => (
              <Stack gap={2}>
                <Text size="sm">
                  {rupees(row.amount)}
                  {row.donationType === 'monthly' ? ' a month' : ''}
                </Text>
                <Text size="xs">{GIFT_MODE_LABELS[row.mode]}</Text>
                <Group gap={4}>
                  {row.firstGift && <Badge variant="light">First gift</Badge>}
                  {row.bigGift && (
                    <Badge variant="light" color="grape">
                      Large gift
                    </Badge>
                  )}
                </Group>
              </Stack>
            ),
          },
          {
            accessor: 'givenAt',
            title: 'Waiting',
            render: (row) => (
              <Stack gap={2}>
                <Text size="sm" c={now - Date.parse(row.givenAt) > THANKS_DUE_HOURS * 3_600_000 ? 'red.8' : undefined}>
                  {age(row.givenAt, now)}
                </Text>
                <DonationLink id={row.donationId} />
              </Stack>
            ),
          },
          {
            accessor: 'calledBy',
            title: 'Called',
            render: (row) =>
              row.calledBy ? (
                <Stack gap={2}>
                  <Text size="xs">
                    {row.calledBy}, {indiaTime(row.calledAt)}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="default"
                    loading={untick.isPending && untick.variables?.donationId === row.donationId}
                    onClick={() => untick.mutate({ donationId: row.donationId })}
                    aria-label={`Untick the call to ${row.name}`}
                  >
                    Untick
                  </Button>
                </Stack>
              ) : (
                <Button
                  size="compact-sm"
                  loading={tick.isPending && tick.variables?.donationId === row.donationId}
                  onClick={() => tick.mutate({ donationId: row.donationId })}
                  aria-label={`I called ${row.name}`}
                >
                  I called
                </Button>
              ),
          },
        ]}
      />
      {me.data?.role === 'admin' && list.data && <ThresholdForm threshold={list.data.threshold} />}
    </Stack>
  );
}

/** Admins set the amount at or over which a gift is thanked personally; asked in whole rupees. */
function ThresholdForm({ threshold }: { threshold: number }) {
  const [rupeesValue, setRupeesValue] = useState<string | number>(threshold / 100);
  const utils = staffTrpc.useUtils();
  const save = staffTrpc.staff.thanks.setThreshold.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'The amount is saved' });
      await utils.staff.thanks.invalidate();
    },
  });
  const submit = () => {
    const value = Number(rupeesValue);
    save.mutate({ threshold: Number.isFinite(value) ? Math.round(value * 100) : Number.NaN });
  };
  return (
    <Card withBorder padding="sm" maw={420}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Large gifts
        </Title>
        <NumberInput
          label="Thank personally every gift of (₹) or more"
          value={rupeesValue}
          onChange={setRupeesValue}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          error={save.error?.message}
        />
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
