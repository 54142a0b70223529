import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { PURPOSES } from '../../../../shared/donation.schema';
import { GIFT_MODE_LABELS, type GiftMode } from '../../../../shared/gift-modes';
import { TRIBUTE_LABELS } from '../../../../shared/tribute';
import { AppealLink } from '../appeals/AppealLink';
import { DonationLink } from '../DonationLink';
import { StatusBadge } from '../donations/StatusBadge';
import { DonorLink } from '../donors/DonorLink';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';

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

/** A cheque or draft the bank returned: its reason, a confirmation, then the receipt is cancelled and the donor told. */
function BounceCheque({ donationId, instrument }: { donationId: number; instrument: string }) {
  const utils = staffTrpc.useUtils();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const bounce = staffTrpc.staff.offlineGifts.bounce.useMutation({
    onSuccess: () => {
      setConfirming(false);
      void utils.staff.donations.story.invalidate({ id: donationId });
    },
  });
  const issue = (bounce.error?.data as { issues?: { path: string; message: string }[] } | undefined)?.issues?.[0];
  return (
    <Card withBorder padding="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Returned by the bank? Why (as the bank’s memo says)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={issue ? `Reason ${issue.message}` : undefined}
          w={{ base: '100%', sm: 360 }}
        />
        <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={reason.trim() === ''}>
          Mark the {instrument} bounced
        </Button>
      </Group>
      {bounce.error && !issue && <ErrorMessage error={bounce.error} title="Not marked" />}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Mark the ${instrument} bounced?`}>
        <Text size="sm">
          Its receipt is cancelled (kept, marked cancelled with this reason) and the donor is told by mail. This cannot
          be undone.
        </Text>
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep it paid
          </Button>
          <Button color="red" loading={bounce.isPending} onClick={() => bounce.mutate({ id: donationId, reason })}>
            Mark bounced
          </Button>
        </Group>
      </Modal>
    </Card>
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
  const { donation, steps, charges, appeal, tribute } = story.data;

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
          {donation.mode === 'online' ? (
            <>
              <Field label="Order">{donation.razorpayOrderId ?? '—'}</Field>
              <Field label="Payment">{donation.razorpayPaymentId ?? '—'}</Field>
              <Field label="Subscription">{donation.razorpaySubscriptionId ?? '—'}</Field>
            </>
          ) : (
            <>
              <Field label="Received on">{donation.receivedOn ?? '—'}</Field>
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
        Story
      </Title>
      <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2}>
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
