import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { GIFT_MODE_LABELS, type GiftMode } from '../../../../shared/gift-modes';
import { LANGUAGE_NAMES } from '../../../../shared/languages';
import { DonationLink } from '../DonationLink';
import { StatusBadge } from '../donations/StatusBadge';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { MergeModal, type Proposal, ProposalRow, UndoMerge } from './DonorMerge';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs">{label}</Text>
      <Text size="lg" fw={600}>
        {children}
      </Text>
    </div>
  );
}

/** A monthly gift's changes, as staff read them (gifts/settlement/monthly-record.ts). */
const MONTHLY_CHANGE_LABELS = {
  amount_changed: 'amount changed',
  paused: 'paused',
  resumed: 'resumed',
  cancel_at_cycle_end: 'set to end with the month paid',
  cancelled: 'cancelled',
  new_mandate_started: 'new mandate started',
  mandate_replaced: 'mandate replaced by the new one',
} as const;

/** One person's giving: every gift, monthly gift, certificate and mail, the rollups, and records that may be them. */
export function DonorPage() {
  const { id } = useParams({ from: '/staff/console/donors/$id' });
  const donorId = Number(id);
  useStaffTitle(`Donor ${id}`);
  const record = staffTrpc.staff.donors.get.useQuery({ id: donorId }, { enabled: Number.isInteger(donorId) });
  const [merging, setMerging] = useState<Proposal>();

  const back = (
    <Anchor component={Link} to="/staff/donors" size="sm">
      ← Donors
    </Anchor>
  );
  if (record.error)
    return (
      <Stack>
        {back}
        <ErrorMessage error={record.error} />
      </Stack>
    );
  if (!record.data) return <Loader aria-label="Loading" />;
  // A merged record: its gifts are on the record it was merged into.
  if (record.data.mergedIntoId !== null)
    return <Navigate to="/staff/donors/$id" params={{ id: String(record.data.mergedIntoId) }} replace />;
  const { donor, rollups, gifts, monthly, certificates, mails, appeals, languages, newsConsent, proposals, merges } =
    record.data;

  return (
    <Stack gap="md">
      {back}
      <Title order={1} size="h2">
        {donor.name ?? `Donor ${donor.id}`}
      </Title>
      <Text size="sm">
        {donor.emails.join(', ') || 'No e-mail'} · {donor.phone ?? 'no phone'} · News:{' '}
        {newsConsent === null ? 'never asked' : newsConsent.consented ? 'yes' : 'no'} · Languages:{' '}
        {languages.map((language) => LANGUAGE_NAMES[language as keyof typeof LANGUAGE_NAMES] ?? language).join(', ')}
      </Text>
      <Card withBorder padding="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Given in all">{rupees(rollups.lifetimeTotal)}</Figure>
          <Figure label={`This financial year (${rollups.thisFinancialYear.label})`}>
            {rupees(rollups.thisFinancialYear.amount)}
          </Figure>
          <Figure label={`Last financial year (${rollups.lastFinancialYear.label})`}>
            {rupees(rollups.lastFinancialYear.amount)}
          </Figure>
          <Figure label="Gifts">{rollups.giftCount}</Figure>
          <Figure label="First gift">{indiaTime(rollups.firstGiftAt)}</Figure>
          <Figure label="Last gift">{indiaTime(rollups.lastGiftAt)}</Figure>
          <Figure label="Largest gift">{rupees(rollups.largestGift)}</Figure>
          <Figure label="Appeals given to">{appeals.join(', ') || '—'}</Figure>
        </SimpleGrid>
      </Card>

      {proposals.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            May be the same person
          </Title>
          <Text size="sm">Never joined on their own: merge only when you know they are one person.</Text>
          {proposals.map((proposal) => (
            <ProposalRow
              key={proposal.donorId}
              donorId={donor.id}
              proposal={proposal}
              onMerge={() => setMerging(proposal)}
            />
          ))}
        </Stack>
      )}
      {merges.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            Merged into this record
          </Title>
          {merges.map((merge) => (
            <UndoMerge key={merge.id} donorId={donor.id} merge={merge} />
          ))}
        </Stack>
      )}

      <Title order={2} size="h3">
        Gifts
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder aria-label="Gifts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Given (IST)</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Mode</Table.Th>
              <Table.Th>Receipt</Table.Th>
              <Table.Th>ID</Table.Th>
              <Table.Th>Appeal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {gifts.map((gift) => (
              <Table.Tr key={gift.id}>
                <Table.Td>
                  <DonationLink id={gift.id} />
                </Table.Td>
                <Table.Td>{indiaTime(gift.givenAt)}</Table.Td>
                <Table.Td>
                  {rupees(gift.amount)}
                  {gift.refundedAmount > 0 && ` (${rupees(gift.refundedAmount)} refunded)`}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={gift.status} />
                </Table.Td>
                <Table.Td>
                  {GIFT_MODE_LABELS[gift.mode as GiftMode] ?? gift.mode}
                  {gift.donationType === 'monthly' ? ', monthly' : ''}
                </Table.Td>
                <Table.Td>
                  {gift.receiptNumber ?? '—'}
                  {gift.receiptStatus === 'cancelled' ? ' (cancelled)' : ''}
                </Table.Td>
                <Table.Td>{gift.taxIdMasked ?? '—'}</Table.Td>
                <Table.Td>{gift.appealTitle ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={2} size="h3">
        Monthly gifts
      </Title>
      {monthly.length === 0 ? (
        <Text size="sm">None</Text>
      ) : (
        monthly.map((gift) => (
          <Stack key={gift.id} gap={2}>
            <Group gap="xs">
              <StatusBadge status={gift.status} />
              <Text size="sm">
                {rupees(gift.amount)} a month since {indiaTime(gift.startedAt)} (
                {gift.razorpaySubscriptionId ?? 'no id'}
                {gift.paymentMethod ? `, ${gift.paymentMethod} mandate` : ''})
                {gift.endsAt && gift.status !== 'cancelled' ? `, ends ${indiaTime(gift.endsAt)}` : ''}
              </Text>
            </Group>
            {/* Each change to it, oldest first: what, by whom (the donor, staff, Razorpay) and when. */}
            {gift.changes.map((change) => (
              <Text key={change.id} size="xs" c="dimmed" pl="md">
                {indiaTime(change.at)}: {MONTHLY_CHANGE_LABELS[change.kind]}
                {change.kind === 'amount_changed' || change.kind === 'new_mandate_started'
                  ? ` ${rupees(change.amountBefore ?? 0)} → ${rupees(change.amountAfter ?? 0)}`
                  : ''}
                {change.effectiveAt ? ` (from ${indiaTime(change.effectiveAt)})` : ''} by {change.madeBy}
              </Text>
            ))}
          </Stack>
        ))
      )}

      <Title order={2} size="h3">
        Certificates
      </Title>
      {certificates.length === 0 ? (
        <Text size="sm">None</Text>
      ) : (
        certificates.map((certificate) => (
          <Text key={certificate.id} size="sm">
            {certificate.financialYear}: {certificate.status}
            {certificate.amount !== null ? `, ${rupees(certificate.amount)}` : ''}
            {certificate.donorIdMasked ? `, ${certificate.donorIdMasked}` : ''}
          </Text>
        ))
      )}

      <Title order={2} size="h3">
        Mails sent
      </Title>
      {mails.length === 0 ? (
        <Text size="sm">None</Text>
      ) : (
        mails.map((mail) => (
          <Text key={mail.id} size="sm">
            {indiaTime(mail.createdAt)} · {mail.subject} · {mail.status}
          </Text>
        ))
      )}

      <MergeModal intoId={donor.id} proposal={merging} onClose={() => setMerging(undefined)} />
    </Stack>
  );
}
