import { Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { THANKS_DUE_HOURS, THANKS_WINDOW_DAYS } from '../../../../shared/thanks.schema';
import { ErrorMessage } from '../ErrorMessage';
import { rupees } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { ThanksTable } from './ThanksTable';

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
      notifications.show({
        color: 'green',
        message: 'Ticked off: thank you for calling',
        closeButtonProps: { 'aria-label': 'Close the notice' },
      });
      await refresh();
    },
  });
  const untick = staffTrpc.staff.thanks.untick.useMutation({ onSuccess: refresh });

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
      <ThanksTable
        entries={list.data?.entries ?? []}
        called={called}
        fetching={list.isFetching}
        now={Date.now()}
        busy={tick.isPending ? tick.variables?.donationId : untick.isPending ? untick.variables?.donationId : undefined}
        onTick={(donationId) => tick.mutate({ donationId })}
        onUntick={(donationId) => untick.mutate({ donationId })}
      />
      {me.data?.role === 'admin' && list.data && <ThresholdForm threshold={list.data.threshold} />}
    </Stack>
  );
}

/** The server's reason for refusing the amount (its zod issue on `threshold`), in the field. */
function thresholdIssue(error: unknown): string | undefined {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  return (
    issues.find((issue) => issue.path === 'threshold')?.message ??
    (error ? String((error as Error).message) : undefined)
  );
}

/** Admins set the amount at or over which a gift is thanked personally; asked in whole rupees. */
function ThresholdForm({ threshold }: { threshold: number }) {
  const [rupeesValue, setRupeesValue] = useState<string | number>(threshold / 100);
  const utils = staffTrpc.useUtils();
  const save = staffTrpc.staff.thanks.setThreshold.useMutation({
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        message: 'The amount is saved',
        closeButtonProps: { 'aria-label': 'Close the notice' },
      });
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
          error={thresholdIssue(save.error)}
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
