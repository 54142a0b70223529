import { Card, Text, Timeline, Title } from '@mantine/core';
import type { AnimalTimelineEntry } from '../../../shared/animal-record.schema';
import { AppealLink } from '../staff/appeals/AppealLink';
import { indiaDay } from '../staff/format';
import { INTAKE_LABELS, STATUS_LABELS } from './labels';

function EntryText({ entry }: { entry: AnimalTimelineEntry }) {
  switch (entry.kind) {
    case 'intake':
      return (
        <>
          Came into care: {INTAKE_LABELS[entry.intakeKind].toLowerCase()}
          {entry.locality ? `, ${entry.locality}` : ''}
        </>
      );
    case 'status':
      return (
        <>
          {entry.from ? `${STATUS_LABELS[entry.from]} → ` : ''}
          {STATUS_LABELS[entry.to]} · by {entry.by}
          {entry.note ? `: ${entry.note}` : ''}
        </>
      );
    case 'vaccination':
      return (
        <>
          Vaccinated: {entry.vaccine}
          {entry.batch ? ` (batch ${entry.batch})` : ''} · by {entry.by}
        </>
      );
    case 'sterilised':
      return <>Sterilised</>;
    case 'appeal':
      return (
        <>
          Appeal: <AppealLink id={entry.id}>{entry.title}</AppealLink> ({entry.status})
        </>
      );
  }
}

/** The animal's life, oldest first: intake, status moves, vaccinations, sterilisation, appeals. */
export function AnimalTimeline({ entries }: { entries: AnimalTimelineEntry[] }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label="Timeline">
      <Title order={2} size="h4" mb="sm">
        Timeline
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1}>
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries of different kinds have no common id; their order is fixed.
          <Timeline.Item key={index} title={indiaDay(entry.on)}>
            <Text size="sm">
              <EntryText entry={entry} />
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
