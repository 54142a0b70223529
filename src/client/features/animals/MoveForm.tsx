import { Button, Card, Group, Select, Stack, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ANIMAL_STATUS_MOVES, type AnimalStatus } from '../../../shared/animals';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { fieldErrorsOf } from '../staff/appeals/field-errors';
import { DateField } from '../staff/DateField';
import { ErrorMessage } from '../staff/ErrorMessage';
import { staffTrpc } from '../staff/trpc';
import { STATUS_LABELS } from './labels';

/**
 * Moving the animal's status: only the moves the rules allow from where it is now
 * (shared/animals.ts), the day it happened (today unless told), a note; the server checks it all
 * again under a row lock and refuses a day in the future or before the intake.
 */
export function MoveForm({
  animalId,
  status,
  intakeOn,
  onMoved,
}: {
  animalId: number;
  status: AnimalStatus;
  intakeOn: string;
  onMoved: () => Promise<void>;
}) {
  const moves = ANIMAL_STATUS_MOVES[status];
  const [to, setTo] = useState<AnimalStatus | null>(null);
  const [onDate, setOnDate] = useState(indiaToday());
  const [note, setNote] = useState('');
  const move = staffTrpc.staff.animals.move.useMutation({
    onSuccess: async (moved) => {
      notifications.show({ color: 'green', message: `Moved to ${STATUS_LABELS[moved.to].toLowerCase()}` });
      setTo(null);
      setNote('');
      await onMoved();
    },
  });
  if (moves.length === 0) return null;
  const errors = fieldErrorsOf(move.error, (path) => path);
  return (
    <Card
      withBorder
      padding="sm"
      component="form"
      aria-label="Move the status"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (to) move.mutate({ animalId, to, onDate, note });
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Move the status
        </Title>
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label="To"
            placeholder="Choose"
            required
            data={moves.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={to}
            onChange={(value) => setTo(value as AnimalStatus | null)}
            error={errors.to}
            miw={180}
          />
          <DateField
            label="On"
            required
            value={onDate}
            minDate={intakeOn}
            maxDate={indiaToday()}
            onChange={setOnDate}
            error={errors.onDate}
            miw={160}
          />
        </Group>
        <Textarea
          label="Note"
          autosize
          minRows={1}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
        />
        {move.error && Object.keys(errors).length === 0 && <ErrorMessage error={move.error} title="Not moved" />}
        <Group>
          <Button type="submit" loading={move.isPending} disabled={!to}>
            Move
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
