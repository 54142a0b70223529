import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AnimalStatus } from '../../../shared/animals';
import { SPONSOR_MONTHLY_DEFAULT_PAISE, SPONSORABLE_STATUSES } from '../../../shared/sponsorship';
import { fieldErrorsOf } from '../staff/appeals/field-errors';
import { ErrorMessage } from '../staff/ErrorMessage';
import { rupees } from '../staff/format';
import { PosterButton } from '../staff/posters/PosterButton';
import { staffTrpc } from '../staff/trpc';

/**
 * An animal's sponsorship on its console page: open it (a permanent resident or an animal in care)
 * at a monthly amount, ₹3,500 unless staff choose another, change the amount, or close it. Closing
 * takes no new sponsors; those it has keep giving. Each change is in the audit trail.
 */
export function SponsorshipPanel({
  animalId,
  name,
  status,
  monthlyAmount,
  onChanged,
}: {
  animalId: number;
  name: string;
  status: AnimalStatus;
  /** Paise a month, or null when not open. */
  monthlyAmount: number | null;
  onChanged?: () => Promise<unknown>;
}) {
  const [amountRupees, setAmountRupees] = useState<string | number>(
    (monthlyAmount ?? SPONSOR_MONTHLY_DEFAULT_PAISE) / 100,
  );
  const utils = staffTrpc.useUtils();
  const done = (message: string) => async () => {
    notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': 'Close the notice' } });
    await utils.staff.sponsorships.list.invalidate();
    await onChanged?.();
  };
  const open = staffTrpc.staff.sponsorships.open.useMutation({ onSuccess: done(`${name} is open for sponsorship`) });
  const close = staffTrpc.staff.sponsorships.close.useMutation({ onSuccess: done(`${name} takes no new sponsors`) });
  const sponsorable = SPONSORABLE_STATUSES.includes(status);
  const errors = fieldErrorsOf(open.error, (path) => path);
  const save = () => {
    const value = Number(amountRupees);
    open.mutate({ animalId, monthlyAmount: Number.isFinite(value) ? Math.round(value * 100) : Number.NaN });
  };

  return (
    <Card withBorder padding="sm" maw={480} aria-label="Sponsorship">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Sponsorship
        </Title>
        <Text size="sm">
          {monthlyAmount === null
            ? `${name} is not open for sponsorship.`
            : `${name} is open for sponsorship at ${rupees(monthlyAmount)} a month.`}
        </Text>
        {sponsorable ? (
          <>
            <NumberInput
              label="Monthly amount (₹)"
              value={amountRupees}
              onChange={setAmountRupees}
              min={100}
              max={100_000}
              allowDecimal={false}
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              error={errors.monthlyAmount}
            />
            <Group gap="xs">
              <Button onClick={save} loading={open.isPending}>
                {monthlyAmount === null ? 'Open for sponsorship' : 'Change the amount'}
              </Button>
              {monthlyAmount !== null && (
                <Button variant="default" onClick={() => close.mutate({ animalId })} loading={close.isPending}>
                  Close to new sponsors
                </Button>
              )}
              {monthlyAmount !== null && (
                <PosterButton href={`/staff/api/animals/${animalId}/poster.pdf`} of={`sponsoring ${name}`} />
              )}
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Only a permanent resident or an animal in care can be sponsored.
          </Text>
        )}
        <ErrorMessage
          error={Object.keys(errors).length === 0 ? (open.error ?? close.error) : close.error}
          title="Not changed"
        />
      </Stack>
    </Card>
  );
}
