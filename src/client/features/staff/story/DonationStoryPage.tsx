import { Accordion, Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { PURPOSES } from '../../../../shared/donation.schema';
import { GIFT_MODE_LABELS, type GiftMode } from '../../../../shared/gift-modes';
import { TRIBUTE_LABELS } from '../../../../shared/tribute';
import { AppealLink } from '../appeals/AppealLink';
import { DonationLink } from '../DonationLink';
import { StatusBadge } from '../donations/StatusBadge';
import { DonorLink } from '../donors/DonorLink';
import { ErrorMessage } from '../ErrorMessage';
import { indiaDay, indiaTime, rupees } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { BounceCheque } from './BounceCheque';
import { ProgressSteps, ReceiptCards } from './DonationProgress';

/** A step's ids and amounts, as `key: value` pairs (amounts in paise shown in rupees). */
function details(values: Record<string, unknown> | undefined): string {
  if (!values) return '';
  return Object.entries(values)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${key === 'amount' && typeof value === 'number' ? rupees(value) : String(value)}`)
    .join(' · ');
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/** One donation's whole story, oldest step first, and a monthly donor's every charge. */
export function DonationStoryPage() {
  const { id } = useParams({ from: '/staff/console/donations/$id' });
  useStaffTitle(`Donation #${id}`);
  const numericId = Number(id);
  const valid = Number.isInteger(numericId) && numericId > 0;
  const story = staffTrpc.staff.donations.story.useQuery({ id: numericId }, { enabled: valid });

  const back = (
    <Anchor component={Link} to="/staff/donations" size="sm">
      ← All donations
    </Anchor>
  );
  if (!valid)
    return (
      <Stack>
        {back}
        <ErrorMessage error={new Error(`“${id}” is not a donation number`)} />
      </Stack>
    );
  if (story.error)
    return (
      <Stack>
        {back}
        <ErrorMessage error={story.error} />
      </Stack>
    );
  if (!story.data) return <Loader aria-label="Loading" />;
  const { donation, steps, charges, appeal, tribute, receipts, progress } = story.data;

  return (
    <Stack gap="md">
      {back}
      <Group gap="sm">
        <Title order={1} size="h2">
          Donation #{donation.id}
        </Title>
        <StatusBadge status={donation.status} />
      </Group>
      <Card withBorder padding="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
          <Field label="Donor">
            {'donorId' in donation && donation.donorId ? (
              <DonorLink id={donation.donorId}>{donation.name}</DonorLink>
            ) : (
              donation.name
            )}
          </Field>
          <Field label="E-mail">{donation.email}</Field>
          <Field label="Phone">{donation.phone}</Field>
          <Field label="Amount">{rupees(donation.amount)}</Field>
          <Field label="Type">{donation.donationType}</Field>
          <Field label="Purpose">
            {donation.purpose ? (PURPOSES[donation.purpose as keyof typeof PURPOSES] ?? donation.purpose) : '—'}
          </Field>
          <Field label="Appeal">{appeal ? <AppealLink id={appeal.id}>{appeal.title}</AppealLink> : '—'}</Field>
          {tribute && (
            <Field label={`${TRIBUTE_LABELS[tribute.kind]} (${tribute.of})`}>
              {tribute.name}
              {tribute.message ? ` — “${tribute.message}”` : ''}
            </Field>
          )}
          <Field label="Created">{indiaTime(donation.createdAt)}</Field>
          <Field label="Mode">{GIFT_MODE_LABELS[donation.mode as GiftMode] ?? donation.mode}</Field>
          {donation.mode !== 'online' && (
            <>
              <Field label="Received on">{indiaDay(donation.receivedOn)}</Field>
              <Field label="Reference">{donation.reference ?? '—'}</Field>
              <Field label="Bank">{donation.bank ?? '—'}</Field>
              <Field label="Recorded by">{donation.recordedBy ?? '—'}</Field>
            </>
          )}
        </SimpleGrid>
      </Card>
      {donation.status === 'paid' && (donation.mode === 'cheque' || donation.mode === 'demand-draft') && (
        <BounceCheque donationId={donation.id} instrument={donation.mode === 'cheque' ? 'cheque' : 'draft'} />
      )}
      <Title order={2} size="h4">
        Progress
      </Title>
      <ProgressSteps progress={progress} />
      <ReceiptCards receipts={receipts} />
      <Accordion variant="contained" chevronPosition="left">
        <Accordion.Item value="details">
          <Accordion.Control>Details for Razorpay and the engineers: ids and every event</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              {donation.mode === 'online' && (
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                  <Field label="Order">{donation.razorpayOrderId ?? '—'}</Field>
                  <Field label="Payment">{donation.razorpayPaymentId ?? '—'}</Field>
                  <Field label="Subscription">{donation.razorpaySubscriptionId ?? '—'}</Field>
                </SimpleGrid>
              )}
              <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2} aria-label="Every event">
                {steps.map((step, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed, ordered list
                  <Timeline.Item key={index} title={step.text}>
                    <Text size="xs" c="dimmed">
                      {step.at ? indiaTime(step.at) : 'time not recorded'} · {step.kind}
                    </Text>
                    {step.details && (
                      <Text size="xs" style={{ wordBreak: 'break-all' }}>
                        {details(step.details)}
                      </Text>
                    )}
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {charges.length > 0 && (
        <>
          <Title order={2} size="h4">
            Monthly charges ({charges.length})
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped withTableBorder verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Donation</Table.Th>
                  <Table.Th>Date (IST)</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Payment</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {charges.map((charge) => (
                  <Table.Tr key={charge.id}>
                    <Table.Td>
                      <DonationLink id={charge.id} />
                    </Table.Td>
                    <Table.Td>{indiaTime(charge.createdAt)}</Table.Td>
                    <Table.Td ta="right">{rupees(charge.amount)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={charge.status} />
                    </Table.Td>
                    <Table.Td>{charge.razorpayPaymentId ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
