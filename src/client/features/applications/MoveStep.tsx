import { Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { RouterOutputs } from '../../../server/transports/trpc/router';
import { APPLICATION_STATUS_MOVES, type ApplicationStatus } from '../../../shared/applications';
import { LANGUAGE_NAMES } from '../../../shared/languages';
import { ErrorMessage } from '../staff/ErrorMessage';
import { staffTrpc } from '../staff/trpc';
import { STATUS_LABELS } from './application-words';

type Detail = RouterOutputs['staff']['applications']['get'];

const todayInIndia = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/**
 * The next steps src/shared/applications.ts allows from where the application is: one button each;
 * choosing one asks whether to mail the applicant (in their language), a note, the day of an
 * adoption, and, approving an adoption, which other families to decline kindly (all ticked).
 */
export function MoveStep({ application, onMoved }: { application: Detail; onMoved: () => unknown }) {
  const moves = APPLICATION_STATUS_MOVES[application.status];
  const [to, setTo] = useState<ApplicationStatus | null>(null);
  const [mail, setMail] = useState(true);
  const [note, setNote] = useState('');
  const [onDate, setOnDate] = useState(todayInIndia());
  const [declined, setDeclined] = useState<number[]>([]);
  const move = staffTrpc.staff.applications.move.useMutation({
    onSuccess: async (outcome) => {
      notifications.show({
        color: 'green',
        message: `Moved to ${STATUS_LABELS[outcome.to]}${outcome.animal === 'reserved' ? `: ${application.animal?.name} is reserved` : ''}${outcome.animal === 'adopted' ? `: ${application.animal?.name} is adopted` : ''}${outcome.declined.length ? `; ${outcome.declined.length} other ${outcome.declined.length === 1 ? 'family' : 'families'} declined and mailed` : ''}`,
        closeButtonProps: { 'aria-label': 'Close the notice' },
      });
      setTo(null);
      setNote('');
      await onMoved();
    },
  });
  if (moves.length === 0) return null;
  const namedAdoption = application.kind === 'adopt' && application.animal !== null;
  const choose = (next: ApplicationStatus) => {
    setTo(next);
    setMail(true);
    move.reset();
    setDeclined(next === 'approved' && namedAdoption ? application.otherOpen.map((other) => other.id) : []);
  };

  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        Next step
      </Title>
      <Group gap="xs">
        {moves.map((next) => (
          <Button
            key={next}
            size="sm"
            variant={to === next ? 'filled' : 'light'}
            color={next === 'declined' || next === 'withdrawn' ? 'gray' : undefined}
            onClick={() => choose(next)}
          >
            {STATUS_LABELS[next]}
          </Button>
        ))}
      </Group>
      {to && (
        <Stack gap="xs" mt="sm" data-testid="move-form">
          {namedAdoption && to === 'approved' && (
            <Text size="sm">Approving reserves {application.animal?.name}: it leaves the adoption list at once.</Text>
          )}
          {namedAdoption && to === 'completed' && (
            <>
              <Text size="sm">
                Completing marks {application.animal?.name} adopted by {application.name}.
              </Text>
              <TextInput
                type="date"
                label="Day the adoption happened"
                value={onDate}
                max={todayInIndia()}
                onChange={(event) => setOnDate(event.currentTarget.value)}
              />
            </>
          )}
          {namedAdoption && to === 'approved' && application.otherOpen.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Decline the other families for {application.animal?.name}, each with a kind mail:
              </Text>
              {application.otherOpen.map((other) => (
                <Checkbox
                  key={other.id}
                  label={`${other.name} (no. ${other.id}, ${STATUS_LABELS[other.status].toLowerCase()})`}
                  checked={declined.includes(other.id)}
                  onChange={(event) => {
                    const ticked = event.currentTarget.checked;
                    setDeclined((list) => (ticked ? [...list, other.id] : list.filter((id) => id !== other.id)));
                  }}
                />
              ))}
            </Stack>
          )}
          <Checkbox
            label={`Mail ${application.name} the “${STATUS_LABELS[to]}” mail in ${LANGUAGE_NAMES[application.language]}`}
            checked={mail}
            onChange={(event) => setMail(event.currentTarget.checked)}
          />
          <Textarea
            label="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={1}
          />
          <ErrorMessage error={move.error} title="Not moved" />
          <Group>
            <Button
              onClick={() =>
                move.mutate({
                  id: application.id,
                  to,
                  mail,
                  note,
                  onDate: namedAdoption && to === 'completed' ? onDate : undefined,
                  declineOthers: declined,
                })
              }
              loading={move.isPending}
            >
              Move to {STATUS_LABELS[to]}
            </Button>
            <Button variant="subtle" onClick={() => setTo(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
