import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import { GIFT_MODE_LABELS } from '../../../../shared/gift-modes';
import { LANGUAGE_NAMES } from '../../../../shared/languages';
import { THANKS_DUE_HOURS } from '../../../../shared/thanks.schema';
import { DonationLink } from '../DonationLink';
import { indiaTime, rupees } from '../format';

/** A row as the server's staff.thanks.list returns it (typed through the router). */
export type ThanksRow = RouterOutputs['staff']['thanks']['list']['entries'][number];

const HOUR = 3_600_000;

/** How long a gift has waited, in hours, then days: the queue's urgency at a glance. */
export function waited(iso: string, now: number): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(iso)) / HOUR));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

/** The phone as a link a volunteer's phone dials: digits and a leading + only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

interface ThanksTableProps {
  entries: ThanksRow[];
  /** The gifts ticked off (with who called and Untick), or those still to call (with I called). */
  called: boolean;
  fetching?: boolean;
  now: number;
  /** The gift whose tick or untick is on its way. */
  busy?: number;
  onTick(donationId: number): void;
  onUntick(donationId: number): void;
}

/**
 * The thank-you queue as a list of cards, one per gift, each whole on a phone's narrow screen: a
 * volunteer calls from it (the number dials), then ticks it off.
 */
export function ThanksTable({ entries, called, fetching, now, busy, onTick, onUntick }: ThanksTableProps) {
  if (entries.length === 0) {
    return (
      <Text size="sm">{fetching ? 'Loading…' : called ? 'Nobody ticked off lately' : 'Every gift is thanked'}</Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" aria-label={called ? 'Gifts thanked' : 'Gifts to thank'} p={0} m={0}>
      {entries.map((row) => (
        <Card key={row.donationId} component="li" withBorder padding="sm" style={{ listStyle: 'none' }}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{row.name}</Text>
              <Anchor href={telHref(row.phone)} size="lg" aria-label={`Call ${row.name} on ${row.phone}`}>
                {row.phone}
              </Anchor>
              <Text size="sm">{LANGUAGE_NAMES[row.language]}</Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text size="sm">
                {rupees(row.amount)}
                {row.donationType === 'monthly' ? ' a month' : ''}, {GIFT_MODE_LABELS[row.mode]}
              </Text>
              <Group gap={4}>
                {row.firstGift && <Badge variant="light">First gift</Badge>}
                {row.bigGift && (
                  <Badge variant="light" color="grape">
                    Large gift
                  </Badge>
                )}
              </Group>
              <Group gap="xs">
                <Text size="sm" c={now - Date.parse(row.givenAt) > THANKS_DUE_HOURS * HOUR ? 'red.8' : undefined}>
                  Waiting {waited(row.givenAt, now)}
                </Text>
                <DonationLink id={row.donationId} />
              </Group>
            </Stack>
          </Group>
          {row.calledBy ? (
            <Group gap="xs" mt="xs">
              <Text size="sm">
                Called by {row.calledBy}, {indiaTime(row.calledAt)}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                loading={busy === row.donationId}
                onClick={() => onUntick(row.donationId)}
                aria-label={`Untick the call to ${row.name}`}
              >
                Untick
              </Button>
            </Group>
          ) : (
            <Button
              mt="xs"
              fullWidth
              loading={busy === row.donationId}
              onClick={() => onTick(row.donationId)}
              aria-label={`I called ${row.name}`}
            >
              I called
            </Button>
          )}
        </Card>
      ))}
    </Stack>
  );
}
