import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { GIFT_MODE_LABELS } from '../../../shared/gift-modes';
import { certificatePdfUrl, type DonorGift, type DonorGifts, receiptPdfUrl, statementPdfUrl } from './donor-api';
import { financialYearOfIso, financialYearSpan, formatDay, formatRupees, purposeLabel } from './format';

/** A button whose label wraps on a narrow phone instead of being cut off. */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

/** The donor's gifts by financial year (India time), newest first, each year with its statement. */
export function GivingHistory({ data, token }: { data: DonorGifts; token: string }) {
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
        Your gifts and receipts
      </Title>
      {years.length === 0 ? <Text mt="sm">We found no gifts given with this address.</Text> : null}
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
  const titleId = `year-${year}`;
  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId} order={3}>
        Financial year {year}
      </Title>
      <Text size="sm" c="gray.7">
        {financialYearSpan(year)}
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
          Download statement for {year} (PDF)
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
          Download your certificate of donation for {year} (PDF)
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

const STATUS_LABELS: Record<DonorGift['status'], string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  bounced: 'Returned by the bank',
};

function GiftCard({ gift, token }: { gift: DonorGift; token: string }) {
  const cancelled = gift.receipt?.status === 'cancelled';
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg">
          {formatRupees(gift.amount)}
        </Text>
        <Badge color={gift.status === 'paid' ? 'brand' : 'gray'} variant="light">
          {STATUS_LABELS[gift.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {formatDay(gift.date)} · {gift.donationType === 'monthly' ? 'Monthly gift' : 'One-time gift'}
        {gift.mode === 'online' ? '' : ` · ${GIFT_MODE_LABELS[gift.mode]}`}
        {gift.purpose ? ` · ${purposeLabel(gift.purpose)}` : ''}
      </Text>
      {gift.appeal ? <Text size="sm">For the appeal “{gift.appeal.title}”</Text> : null}
      {gift.receipt ? (
        <Group gap="xs" mt={4} wrap="wrap">
          <Text size="sm">
            Receipt <span style={{ whiteSpace: 'nowrap' }}>{gift.receipt.number}</span>
          </Text>
          {cancelled ? (
            <Badge color="red" variant="outline">
              Cancelled
            </Badge>
          ) : null}
          <Anchor
            href={receiptPdfUrl(gift.receipt.id, token)}
            size="sm"
            fw={600}
            aria-label={`Download receipt ${gift.receipt.number}`}
          >
            Download receipt
          </Anchor>
        </Group>
      ) : (
        <Text size="sm" c="gray.7" mt={4}>
          The receipt is not issued yet.
        </Text>
      )}
    </Paper>
  );
}
