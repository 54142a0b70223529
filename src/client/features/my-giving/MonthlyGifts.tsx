import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { localizedPath } from '../../../shared/locale-paths';
import { SPONSOR_CHOICE_PATH } from '../../../shared/sponsorship';
import { useLanguage, useLocalizedHref, useMessages } from '../../i18n';
import type { DonorClient, DonorMonthlyGift } from './donor-api';
import { formatDay, formatRupees, purposeLabel } from './format';
import { MonthlyGiftActions } from './MonthlyGiftActions';

/** Subscription statuses as Razorpay reports them (DESIGN.md), in the donor's words. */
const STATUS_MESSAGES = {
  created: 'giving_monthly_status_created',
  authenticated: 'giving_monthly_status_authenticated',
  active: 'giving_monthly_status_active',
  pending: 'giving_monthly_status_pending',
  halted: 'giving_monthly_status_halted',
  paused: 'giving_monthly_status_paused',
  cancelled: 'giving_monthly_status_cancelled',
  completed: 'giving_monthly_status_completed',
  expired: 'giving_monthly_status_expired',
} as const;

const CHANGE_MESSAGES = {
  paused: 'giving_change_paused',
  resumed: 'giving_change_resumed',
  cancel_at_cycle_end: 'giving_change_cancel_at_cycle_end',
  cancelled: 'giving_change_cancelled',
  new_mandate_started: 'giving_change_new_mandate_started',
  mandate_replaced: 'giving_change_mandate_replaced',
} as const satisfies Record<Exclude<DonorMonthlyGift['changes'][number]['kind'], 'amount_changed'>, string>;

/**
 * The donor's monthly gifts, each in their charge (MonthlyGiftActions): the amount, pause and
 * resume, cancel now or at the end of the month paid, a new mandate. After a change the list is
 * read again, so each card shows what the server now says (a new mandate appears as its own gift).
 */
export function MonthlyGifts({ monthly, client }: { monthly: DonorMonthlyGift[]; client: DonorClient }) {
  const t = useMessages();
  const localized = useLocalizedHref();
  const [gifts, setGifts] = useState(monthly);
  if (gifts.length === 0) return null;
  const reload = async () => setGifts((await client.donor.gifts.query()).monthly);
  return (
    <section aria-labelledby="monthly-title">
      <Title id="monthly-title" order={2}>
        {t('giving_monthly_title')}
      </Title>
      <Stack gap="sm" mt="md">
        {gifts.map((gift) => (
          <MonthlyGiftCard key={gift.id} gift={gift} client={client} reload={reload} />
        ))}
      </Stack>
      <Text mt="md">
        {t('giving_monthly_change')}{' '}
        {/* The query after the localized path: useLocalizedHref knows paths, not their queries. */}
        <Anchor href={`${localized('/donate')}?type=monthly`} fw={600}>
          {t('giving_monthly_start_new')}
        </Anchor>
      </Text>
      <Paper withBorder radius="md" p="sm" mt="md" component="aside" aria-labelledby="razorpay-rules-title">
        <Title id="razorpay-rules-title" order={3} size="h5">
          {t('giving_rules_title')}
        </Title>
        <Text size="sm" mt={4}>
          {t('giving_rules_text')}
        </Text>
      </Paper>
    </section>
  );
}

function MonthlyGiftCard({
  gift,
  client,
  reload,
}: {
  gift: DonorMonthlyGift;
  client: DonorClient;
  reload: () => Promise<void>;
}) {
  const t = useMessages();
  const language = useLanguage();
  const rupees = formatRupees(gift.amount);
  const status = Object.hasOwn(STATUS_MESSAGES, gift.status)
    ? t(STATUS_MESSAGES[gift.status as keyof typeof STATUS_MESSAGES])
    : gift.status;
  const method =
    gift.paymentMethod === 'card'
      ? t('giving_monthly_method_card')
      : gift.paymentMethod === 'upi'
        ? t('giving_monthly_method_upi')
        : null;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={t('giving_monthly_card_label', { rupees })}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg">
          {t('giving_monthly_amount', { rupees })}
        </Text>
        <Badge color={gift.status === 'active' ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {status}
        </Badge>
      </Group>
      <Text size="sm">
        {t('giving_monthly_since', { date: formatDay(gift.startedAt, language) })}
        {gift.animalName
          ? ` · ${t('giving_monthly_sponsors', { name: gift.animalName })}`
          : gift.purpose
            ? ` · ${purposeLabel(gift.purpose, t)}`
            : ''}
        {method ? ` · ${method}` : ''}
      </Text>
      {gift.endsAt && gift.status !== 'cancelled' ? (
        <Text size="sm" fw={600} mt={4}>
          {t('giving_monthly_ends', { date: formatDay(gift.endsAt, language) })}
        </Text>
      ) : null}
      {gift.animalLeft ? (
        <Text size="sm" mt={4}>
          {t('giving_animal_left', { name: gift.animalLeft.name })}{' '}
          {gift.animalLeft.choiceToken ? (
            <Anchor
              href={`${localizedPath(language, SPONSOR_CHOICE_PATH)}?token=${encodeURIComponent(gift.animalLeft.choiceToken)}`}
              fw={600}
            >
              {t('giving_animal_left_choose')}
            </Anchor>
          ) : null}
        </Text>
      ) : null}
      <MonthlyGiftActions gift={gift} client={client} reload={reload} />
      {gift.changes.length > 0 ? (
        <details style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <summary>{t('giving_changes_title')}</summary>
          <List size="sm" mt={4} spacing={2}>
            {gift.changes.map((change) => (
              <List.Item key={change.id}>
                {formatDay(change.at, language)}:{' '}
                {change.kind === 'amount_changed'
                  ? t('giving_change_amount_changed', {
                      from: formatRupees(change.amountBefore ?? 0),
                      to: formatRupees(change.amountAfter ?? 0),
                    })
                  : t(CHANGE_MESSAGES[change.kind])}
              </List.Item>
            ))}
          </List>
        </details>
      ) : null}
    </Paper>
  );
}
