import { Anchor, Card, List, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SPONSOR_SILENCE_DAYS } from '../../../shared/sponsorship';
import { indiaTime } from '../staff/format';

/** The overview's list of sponsored animals whose sponsors heard nothing for over 45 days. */
export function SilentSponsors({
  animals,
}: {
  animals: { animalId: number; name: string; sponsors: number; lastHeardAt: string | null }[];
}) {
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5">
        Sponsors waiting for news ({animals.length})
      </Title>
      {animals.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: every sponsored animal’s sponsors heard from it in the last {SPONSOR_SILENCE_DAYS} days.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {animals.map((animal) => (
            <List.Item key={animal.animalId}>
              {animal.name}: {animal.sponsors} {animal.sponsors === 1 ? 'sponsor' : 'sponsors'}, last heard{' '}
              {animal.lastHeardAt ? indiaTime(animal.lastHeardAt) : 'never'}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" mt={4}>
        <Anchor component={Link} to="/staff/sponsorships">
          Post an update
        </Anchor>
      </Text>
    </Card>
  );
}
