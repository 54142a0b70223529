import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { StatusBadge } from '../donations/StatusBadge';
import { indiaTime, rupees } from '../format';

type Story = inferRouterOutputs<AppRouter>['staff']['donations']['story'];

const STATE_LOOK = {
  done: { color: 'green', mark: '✓', word: 'done' },
  waiting: { color: 'yellow', mark: '…', word: 'not yet' },
  failed: { color: 'red', mark: '!', word: 'needs a person' },
} as const;

/** Paid, receipted, mailed: the donation's way in the staff's words, each with its time. */
export function ProgressSteps({ progress }: { progress: Story['progress'] }) {
  return (
    <Stack gap={6} component="ol" aria-label="Progress" p={0} m={0} style={{ listStyle: 'none' }}>
      {progress.map((step) => {
        const look = STATE_LOOK[step.state];
        return (
          <Group key={step.step} component="li" gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color={look.color} variant="light" size="sm" radius="xl" aria-hidden>
              {look.mark}
            </ThemeIcon>
            <div>
              <Text size="sm">
                {step.text}
                <VisuallyHidden>{` (${look.word})`}</VisuallyHidden>
              </Text>
              {step.at && (
                <Text size="xs" c="dimmed">
                  {indiaTime(step.at)}
                </Text>
              )}
            </div>
          </Group>
        );
      })}
    </Stack>
  );
}

const MAIL_WORDS = {
  sent: 'Mailed to the donor',
  queued: 'Waiting to be mailed',
  failed: 'Could not be mailed',
} as const;

/** The donation's receipts: number, amount, state, the PDF, and whether the donor was mailed it. */
export function ReceiptCards({ receipts }: { receipts: Story['receipts'] }) {
  if (receipts.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {receipts.length === 1 ? 'Receipt' : `Receipts (${receipts.length})`}
      </Title>
      {receipts.map((receipt) => (
        <Card key={receipt.id} withBorder padding="sm" aria-label={`Receipt ${receipt.number}`} component="section">
          <Group gap="sm" wrap="wrap">
            <Text fw={700} style={{ wordBreak: 'break-all' }}>
              {receipt.number}
            </Text>
            <StatusBadge status={receipt.status} />
            <Text size="sm">{rupees(receipt.amount)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            Issued {indiaTime(receipt.issuedAt)}
            {receipt.cancelledAt
              ? `; cancelled ${indiaTime(receipt.cancelledAt)}${receipt.cancellationReason ? `: ${receipt.cancellationReason}` : ''}`
              : ''}
          </Text>
          <Text size="sm">
            {receipt.mail ? MAIL_WORDS[receipt.mail.status] : 'Not mailed'}
            {receipt.mail?.sentAt ? ` on ${indiaTime(receipt.mail.sentAt)}` : ''}
            {receipt.mail?.status === 'failed' && (
              <>
                {' '}
                (
                <Anchor component={Link} to="/staff/outbox" size="sm">
                  see the Outbox
                </Anchor>
                )
              </>
            )}
          </Text>
          <Group gap="md" mt={4}>
            <Anchor href={receipt.pdfUrl} target="_blank" rel="noopener" size="sm">
              Open the receipt (PDF)
            </Anchor>
            <Anchor component={Link} to="/staff/receipts" size="sm">
              Resend it from Receipts
            </Anchor>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
