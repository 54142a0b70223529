import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { LANGUAGE_NAMES } from '../../../shared/languages';
import { ErrorMessage } from '../staff/ErrorMessage';
import { indiaTime } from '../staff/format';
import { staffTrpc } from '../staff/trpc';
import { useStaffTitle } from '../staff/use-staff-title';
import { answerWords, fieldWords, KIND_LABELS, STATUS_COLOURS, STATUS_LABELS } from './application-words';
import { MoveStep } from './MoveStep';

const notice = (message: string) =>
  notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': 'Close the notice' } });

/** One application: the applicant, their answers in plain words, its animal, its next steps, who works it, its history. */
export function ApplicationPage() {
  const { id } = useParams({ from: '/staff/console/applications/$id' });
  const applicationId = Number(id);
  useStaffTitle(`Application ${id}`);
  const utils = staffTrpc.useUtils();
  const detail = staffTrpc.staff.applications.get.useQuery(
    { id: applicationId },
    { enabled: Number.isInteger(applicationId) },
  );
  const back = (
    <Anchor component={Link} to="/staff/applications" size="sm">
      ← Applications
    </Anchor>
  );
  if (detail.error)
    return (
      <Stack>
        {back}
        <ErrorMessage error={detail.error} />
      </Stack>
    );
  if (!detail.data) return <Loader aria-label="Loading" />;
  const application = detail.data;
  const refresh = () => utils.staff.applications.invalidate();
  const answers = Object.entries(application.answers ?? {});

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h2">
          {application.name}
        </Title>
        <Badge
          color={STATUS_COLOURS[application.status]}
          size="lg"
          variant="light"
          c="dark.7"
          data-testid="application-status"
        >
          {STATUS_LABELS[application.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {KIND_LABELS[application.kind]} · no. {application.id} · came {indiaTime(application.createdAt)} ·{' '}
        {STATUS_LABELS[application.status].toLowerCase()} since {indiaTime(application.statusAt)} · writes in{' '}
        {LANGUAGE_NAMES[application.language]}
      </Text>
      <Group gap="md">
        <Anchor href={`mailto:${application.email}`} size="sm">
          {application.email}
        </Anchor>
        {application.phone && (
          <Anchor href={`tel:${application.phone}`} size="sm">
            {application.phone}
          </Anchor>
        )}
      </Group>
      {application.animal ? (
        <Text size="sm">
          For{' '}
          <Anchor href={`/adopt/${application.animal.slug}`} target="_blank" underline="always">
            {application.animal.name}
          </Anchor>{' '}
          (now {application.animal.status})
        </Text>
      ) : application.wantedSpecies ? (
        <Text size="sm">
          Any {application.wantedSpecies === 'either' ? 'dog or cat' : application.wantedSpecies} that would suit them
        </Text>
      ) : null}

      <MoveStep application={application} onMoved={refresh} />

      <Card withBorder padding="sm">
        <Title order={2} size="h4" mb="xs">
          Their answers
        </Title>
        {application.contact && (
          <Text size="sm" mb="xs">
            <strong>Organisation:</strong> {application.contact.organisation} · <strong>Offer:</strong>{' '}
            {application.contact.message}
          </Text>
        )}
        {answers.length ? (
          <Stack gap={6} component="dl" m={0}>
            {answers.map(([key, value]) => (
              <div key={key}>
                <Text component="dt" size="xs" c="dimmed">
                  {fieldWords(key)}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {answerWords(value, key)}
                </Text>
              </div>
            ))}
          </Stack>
        ) : (
          <Text size="sm">No answers beyond their name and contact.</Text>
        )}
      </Card>

      <AssignAndNote id={application.id} assignedToId={application.assignedToId} onChanged={refresh} />

      <Card withBorder padding="sm">
        <Title order={2} size="h4" mb="xs">
          History
        </Title>
        <Timeline bulletSize={14} lineWidth={2}>
          {application.events.map((step) => (
            <Timeline.Item key={step.id} title={stepTitle(step)}>
              {step.text && step.kind !== 'assigned' && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {step.text}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {indiaTime(step.at)} · {step.byUser}
              </Text>
            </Timeline.Item>
          ))}
          <Timeline.Item title="Application received">
            <Text size="xs" c="dimmed">
              {indiaTime(application.createdAt)}
            </Text>
          </Timeline.Item>
        </Timeline>
      </Card>
    </Stack>
  );
}

function stepTitle(step: { kind: string; fromStatus: string | null; toStatus: string | null; text: string }) {
  const label = (status: string | null) =>
    status ? ((STATUS_LABELS as Record<string, string>)[status] ?? status) : '';
  if (step.kind === 'status') return `${label(step.fromStatus)} → ${label(step.toStatus)}`;
  if (step.kind === 'mail') return 'Mailed';
  if (step.kind === 'assigned') return step.text ? `Given to ${step.text}` : 'Unassigned';
  return 'Note';
}

function AssignAndNote({
  id,
  assignedToId,
  onChanged,
}: {
  id: number;
  assignedToId: number | null;
  onChanged: () => unknown;
}) {
  const people = staffTrpc.staff.applications.assignees.useQuery();
  const [note, setNote] = useState('');
  const assign = staffTrpc.staff.applications.assign.useMutation({
    onSuccess: async () => {
      notice('Assigned');
      await onChanged();
    },
  });
  const addNote = staffTrpc.staff.applications.note.useMutation({
    onSuccess: async () => {
      setNote('');
      notice('Note kept');
      await onChanged();
    },
  });
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Select
          label="Who works it"
          value={assignedToId === null ? 'nobody' : String(assignedToId)}
          data={[
            { value: 'nobody', label: 'Nobody yet' },
            ...(people.data ?? []).map((person) => ({
              value: String(person.id),
              label: person.displayName || person.username,
            })),
          ]}
          onChange={(value) => assign.mutate({ id, userId: !value || value === 'nobody' ? null : Number(value) })}
          allowDeselect={false}
          disabled={assign.isPending}
        />
        <ErrorMessage error={assign.error} title="Not assigned" />
        <Textarea
          label="Add a note"
          description="What was said on the phone, what the home visit found"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
        />
        <ErrorMessage error={addNote.error} title="Note not kept" />
        <Group>
          <Button
            variant="light"
            onClick={() => addNote.mutate({ id, text: note })}
            loading={addNote.isPending}
            disabled={!note.trim()}
          >
            Keep the note
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
