import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { staffTrpc } from '../staff/trpc';

const issueOf = (error: unknown) =>
  (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues?.find(
    (issue) => issue.path === 'months',
  )?.message ?? (error ? String((error as Error).message) : undefined);

/** Admins set how long declined and withdrawn applications are kept before the daily pass erases them. */
export function KeepPeriodCard() {
  const current = staffTrpc.staff.applications.keepMonths.useQuery();
  if (!current.data) return null;
  return <KeepPeriodForm months={current.data.months} />;
}

function KeepPeriodForm({ months }: { months: number }) {
  const [value, setValue] = useState<string | number>(months);
  const utils = staffTrpc.useUtils();
  const save = staffTrpc.staff.applications.setKeepMonths.useMutation({
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        message: 'The period is saved',
        closeButtonProps: { 'aria-label': 'Close the notice' },
      });
      await utils.staff.applications.keepMonths.invalidate();
    },
  });
  return (
    <Card withBorder padding="sm" maw={480}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Applications: how long they are kept
        </Title>
        <Text size="sm">
          Declined and withdrawn applications to adopt, foster, volunteer or partner are erased this many months after
          they closed (the privacy notice says so). Open and completed ones are kept.
        </Text>
        <NumberInput
          label="Keep declined and withdrawn applications for (months)"
          value={value}
          onChange={setValue}
          min={1}
          max={120}
          allowDecimal={false}
          error={save.error ? issueOf(save.error) : undefined}
        />
        <Group>
          <Button onClick={() => save.mutate({ months: Number(value) })} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
