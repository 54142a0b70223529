import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { GiftMode } from '../../../shared/gift-modes';
import { useLanguage, useMessages } from '../../i18n';
import { certificatePdfUrl, type DonorGift, type DonorGifts, receiptPdfUrl, statementPdfUrl } from './donor-api';
import {
  aroundPlaceholder,
  financialYearMonths,
  financialYearOfIso,
  formatDay,
  formatRupees,
  purposeLabel,
} from './format';
import { WRAPPING_BUTTON } from './wrapping-button';

/** The donor's gifts by financial year (India time), newest first, each year with its statement. */
export function GivingHistory({ data, token }: { data: DonorGifts; token: string }) {
  const t = useMessages();
  const years = [
    ...new Set([
      ...data.gifts.map((gift) => financialYearOfIso(gift.date)),
      ...data.statementYears,
      ...data.certificates.map((certificate) => certificate.year),
    ]),
  ]
    .sort()
    .reverse();
  return (
    <section aria-labelledby="history-title">
      <Title id="history-title" order={2}>
        {t('giving_history_title')}
      </Title>
      {years.length === 0 ? <Text mt="sm">{t('giving_history_empty')}</Text> : null}
      <Stack gap="xl" mt="md">
        {years.map((year) => (
          <YearOfGifts
            key={year}
            year={year}
            gifts={data.gifts.filter((gift) => financialYearOfIso(gift.date) === year)}
            hasStatement={data.statementYears.includes(year)}
            certificateIds={data.certificates.filter((certificate) => certificate.year === year).map((c) => c.id)}
            token={token}
          />
        ))}
      </Stack>
    </section>
  );
}

function YearOfGifts({
  year,
  gifts,
  hasStatement,
  certificateIds,
  token,
}: {
  year: string;
  gifts: DonorGift[];
  hasStatement: boolean;
  /** The certificates of donation (Form 10BE, Form 114 from 2026-27) the trust delivered for the year. */
  certificateIds: number[];
  token: string;
}) {
  const t = useMessages();
  const language = useLanguage();
  const titleId = `year-${year}`;
  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId} order={3}>
        {t('giving_year_title', { year })}
      </Title>
      <Text size="sm" c="gray.7">
        {t('giving_year_span', financialYearMonths(year, language))}
      </Text>
      {hasStatement ? (
        <Button
          component="a"
          href={statementPdfUrl(year, token)}
          variant="light"
          mt="xs"
          fullWidth
          c="brand.9"
          styles={WRAPPING_BUTTON}
        >
          {t('giving_download_statement', { year })}
        </Button>
      ) : null}
      {certificateIds.map((id) => (
        <Button
          key={id}
          component="a"
          href={certificatePdfUrl(id, token)}
          variant="light"
          mt="xs"
          fullWidth
          c="brand.9"
          styles={WRAPPING_BUTTON}
        >
          {t('giving_download_certificate', { year })}
        </Button>
      ))}
      <Stack gap="sm" mt="sm" component="ul" p={0} style={{ listStyle: 'none' }}>
        {gifts.map((gift) => (
          <GiftCard key={gift.id} gift={gift} token={token} />
        ))}
      </Stack>
    </section>
  );
}

/** A gift's status, as the server reports it, in the donor's words. */
const STATUS_MESSAGES = {
  paid: 'giving_status_paid',
  refunded: 'giving_status_refunded',
  bounced: 'giving_status_bounced',
} as const satisfies Record<DonorGift['status'], string>;

/** How a gift given otherwise than online came (shared/gift-modes.ts). */
const MODE_MESSAGES = {
  online: 'giving_mode_online',
  cheque: 'giving_mode_cheque',
  'demand-draft': 'giving_mode_demand_draft',
  'bank-transfer': 'giving_mode_bank_transfer',
  cash: 'giving_mode_cash',
  kind: 'giving_mode_kind',
} as const satisfies Record<GiftMode, string>;

function GiftCard({ gift, token }: { gift: DonorGift; token: string }) {
  const t = useMessages();
  const language = useLanguage();
  const cancelled = gift.receipt?.status === 'cancelled';
  const [receiptBefore, receiptAfter] = aroundPlaceholder((number) => t('giving_receipt_number', { number }));
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg">
          {formatRupees(gift.amount)}
        </Text>
        <Badge color={gift.status === 'paid' ? 'brand' : 'gray'} variant="light">
          {t(STATUS_MESSAGES[gift.status])}
        </Badge>
      </Group>
      <Text size="sm">
        {formatDay(gift.date, language)} ·{' '}
        {gift.donationType === 'monthly' ? t('giving_type_monthly') : t('giving_type_one_time')}
        {gift.mode === 'online' ? '' : ` · ${t(MODE_MESSAGES[gift.mode])}`}
        {gift.purpose ? ` · ${purposeLabel(gift.purpose, t)}` : ''}
      </Text>
      {gift.appeal ? <Text size="sm">{t('giving_for_appeal', { title: gift.appeal.title })}</Text> : null}
      {gift.receipt ? (
        <Group gap="xs" mt={4} wrap="wrap">
          <Text size="sm">
            {receiptBefore}
            <span style={{ whiteSpace: 'nowrap' }}>{gift.receipt.number}</span>
            {receiptAfter}
          </Text>
          {cancelled ? (
            <Badge color="red" variant="outline">
              {t('giving_receipt_cancelled')}
            </Badge>
          ) : null}
          <Anchor
            href={receiptPdfUrl(gift.receipt.id, token)}
            size="sm"
            fw={600}
            aria-label={t('giving_download_receipt_label', { number: gift.receipt.number })}
          >
            {t('giving_download_receipt')}
          </Anchor>
        </Group>
      ) : (
        <Text size="sm" c="gray.7" mt={4}>
          {t('giving_receipt_pending')}
        </Text>
      )}
    </Paper>
  );
}
