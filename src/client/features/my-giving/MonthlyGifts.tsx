import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmStep } from './ConfirmStep';
import { type DonorClient, type DonorMonthlyGift, failureMessage } from './donor-api';
import { formatDay, formatRupees, purposeLabel } from './format';
import { Notice } from './Notice';

/** Subscription statuses as Razorpay reports them (DESIGN.md), in the donor's words. */
const STATUS_LABELS: Record<string, string> = {
  created: 'Not started',
  authenticated: 'Starting',
  active: 'Active',
  pending: 'Payment pending',
  halted: 'Paused: payments failed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  expired: 'Expired',
};

/** The donor's monthly gifts: each active one can be stopped here, after a confirm step. */
export function MonthlyGifts({ monthly, client }: { monthly: DonorMonthlyGift[]; client: DonorClient }) {
  if (monthly.length === 0) return null;
  return (
    <section aria-labelledby="monthly-title">
      <Title id="monthly-title" order={2}>
        Monthly gifts
      </Title>
      <Stack gap="sm" mt="md">
        {monthly.map((gift) => (
          <MonthlyGiftCard key={gift.id} initial={gift} client={client} />
        ))}
      </Stack>
      <Text mt="md">
        To change the amount, cancel and start a new monthly gift.{' '}
        <Anchor href="/donate?type=monthly" fw={600}>
          Start a new monthly gift
        </Anchor>
      </Text>
    </section>
  );
}

function MonthlyGiftCard({ initial, client }: { initial: DonorMonthlyGift; client: DonorClient }) {
  const [gift, setGift] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justCancelled, setJustCancelled] = useState(false);
  const amount = `${formatRupees(gift.amount)} a month`;

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const result = await client.donor.cancelMonthly.mutate({ subscriptionId: gift.id });
      setGift({ ...gift, status: result.status, canCancel: false });
      setJustCancelled(true);
      setConfirming(false);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Monthly gift of ${amount}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg">
          {amount}
        </Text>
        <Badge color={gift.status === 'active' ? 'brand' : 'gray'} variant="light">
          {STATUS_LABELS[gift.status] ?? gift.status}
        </Badge>
      </Group>
      <Text size="sm">
        Since {formatDay(gift.startedAt)}
        {gift.purpose ? ` · ${purposeLabel(gift.purpose)}` : ''}
      </Text>
      {gift.canCancel && !confirming ? (
        <Button variant="outline" color="red" mt="sm" fullWidth onClick={() => setConfirming(true)}>
          Cancel monthly gift
        </Button>
      ) : null}
      {gift.canCancel && confirming ? (
        <ConfirmStep
          title="Cancel this monthly gift?"
          confirmLabel="Yes, cancel it"
          backLabel="Keep it"
          busy={busy}
          onConfirm={cancel}
          onBack={() => setConfirming(false)}
        >
          <Text>Stop this monthly gift of {amount}? No further payments will be taken.</Text>
        </ConfirmStep>
      ) : null}
      {justCancelled ? (
        <Notice tone="done" mt="sm" title="Monthly gift cancelled">
          No further payments will be taken. Thank you for all you gave.
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" mt="sm" title="Not cancelled">
          {error}
        </Notice>
      ) : null}
    </Paper>
  );
}
