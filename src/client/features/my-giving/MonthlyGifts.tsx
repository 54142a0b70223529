import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLanguage, useLocalizedHref, useMessages } from '../../i18n';
import { ConfirmStep } from './ConfirmStep';
import { type DonorClient, type DonorMonthlyGift, failureMessage } from './donor-api';
import { formatDay, formatRupees, purposeLabel } from './format';
import { Notice } from './Notice';
import { WRAPPING_BUTTON } from './wrapping-button';

/** Subscription statuses as Razorpay reports them (DESIGN.md), in the donor's words. */
const STATUS_MESSAGES = {
  created: 'giving_monthly_status_created',
  authenticated: 'giving_monthly_status_authenticated',
  active: 'giving_monthly_status_active',
  pending: 'giving_monthly_status_pending',
  halted: 'giving_monthly_status_halted',
  cancelled: 'giving_monthly_status_cancelled',
  completed: 'giving_monthly_status_completed',
  expired: 'giving_monthly_status_expired',
} as const;

/** The donor's monthly gifts: each active one can be stopped here, after a confirm step. */
export function MonthlyGifts({ monthly, client }: { monthly: DonorMonthlyGift[]; client: DonorClient }) {
  const t = useMessages();
  const localized = useLocalizedHref();
  if (monthly.length === 0) return null;
  return (
    <section aria-labelledby="monthly-title">
      <Title id="monthly-title" order={2}>
        {t('giving_monthly_title')}
      </Title>
      <Stack gap="sm" mt="md">
        {monthly.map((gift) => (
          <MonthlyGiftCard key={gift.id} initial={gift} client={client} />
        ))}
      </Stack>
      <Text mt="md">
        {t('giving_monthly_change')}{' '}
        {/* The query after the localized path: useLocalizedHref knows paths, not their queries. */}
        <Anchor href={`${localized('/donate')}?type=monthly`} fw={600}>
          {t('giving_monthly_start_new')}
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
  const t = useMessages();
  const language = useLanguage();
  const rupees = formatRupees(gift.amount);
  const status = Object.hasOwn(STATUS_MESSAGES, gift.status)
    ? t(STATUS_MESSAGES[gift.status as keyof typeof STATUS_MESSAGES])
    : gift.status;

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const result = await client.donor.cancelMonthly.mutate({ subscriptionId: gift.id });
      setGift({ ...gift, status: result.status, canCancel: false });
      setJustCancelled(true);
      setConfirming(false);
    } catch (failure) {
      setError(failureMessage(failure, language, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={t('giving_monthly_card_label', { rupees })}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg">
          {t('giving_monthly_amount', { rupees })}
        </Text>
        <Badge color={gift.status === 'active' ? 'brand' : 'gray'} variant="light">
          {status}
        </Badge>
      </Group>
      <Text size="sm">
        {t('giving_monthly_since', { date: formatDay(gift.startedAt, language) })}
        {gift.purpose ? ` · ${purposeLabel(gift.purpose, t)}` : ''}
      </Text>
      {gift.canCancel && !confirming ? (
        <Button
          variant="outline"
          color="red"
          mt="sm"
          fullWidth
          onClick={() => setConfirming(true)}
          styles={WRAPPING_BUTTON}
        >
          {t('giving_monthly_cancel')}
        </Button>
      ) : null}
      {gift.canCancel && confirming ? (
        <ConfirmStep
          title={t('giving_monthly_confirm_title')}
          confirmLabel={t('giving_monthly_confirm_yes')}
          backLabel={t('giving_monthly_confirm_back')}
          busy={busy}
          onConfirm={cancel}
          onBack={() => setConfirming(false)}
        >
          <Text>{t('giving_monthly_confirm_text', { rupees })}</Text>
        </ConfirmStep>
      ) : null}
      {justCancelled ? (
        <Notice tone="done" mt="sm" title={t('giving_monthly_cancelled_title')}>
          {t('giving_monthly_cancelled_text')}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" mt="sm" title={t('giving_monthly_not_cancelled')}>
          {error}
        </Notice>
      ) : null}
    </Paper>
  );
}
