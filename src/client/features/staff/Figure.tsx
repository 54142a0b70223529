import { Card, Text } from '@mantine/core';

/** One headline figure of a console page (the overview's, the statement's): a labelled group, so tests and screen readers find it by name. */
export function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}
