import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { HEALTH_FIX_PAGES, type HealthItem, type HealthState } from '../../../../shared/health';

const AnchorLink = createLink(Anchor);

const BADGE: Record<HealthState, { color: string; label: string }> = {
  green: { color: 'green', label: 'OK' },
  amber: { color: 'yellow', label: 'Check' },
  red: { color: 'red', label: 'Fix' },
  grey: { color: 'gray', label: 'Off' },
};

/** Red first, then amber, then not set up (grey), then green; the server's order within each. */
const ORDER: Record<HealthState, number> = { red: 0, amber: 1, grey: 2, green: 3 };

function Fix({ item, isAdmin }: { item: HealthItem; isAdmin: boolean }) {
  if (!item.fix || item.state === 'green') return null;
  const page = HEALTH_FIX_PAGES[item.fix];
  if (!isAdmin)
    return (
      <Text span size="sm">
        An admin fixes this in {page.label}.
      </Text>
    );
  return <AnchorLink to={page.path}>Open {page.label}</AnchorLink>;
}

/**
 * The overview's health list (server: health/): each item green, amber, red or grey (not set
 * up) with what to do, and for admins a link to the page where it is done.
 */
export function HealthList({ items, isAdmin }: { items: readonly HealthItem[]; isAdmin: boolean }) {
  const sorted = [...items].sort((a, b) => ORDER[a.state] - ORDER[b.state]);
  const problems = items.filter((item) => item.state !== 'green').length;
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h5" mb="xs">
        Health {problems === 0 ? '(all well)' : `(${problems} to look at)`}
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {sorted.map((item) => (
          <li key={item.id}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge
                color={BADGE[item.state].color}
                // Not set up is no alarm: a quiet badge, apart from the three lights.
                variant={item.state === 'grey' ? 'outline' : 'filled'}
                w={72}
                style={{ flexShrink: 0 }}
              >
                {BADGE[item.state].label}
              </Badge>
              <Text size="sm">
                <Text span fw={600}>
                  {item.title}:
                </Text>{' '}
                {item.message} <Fix item={item} isAdmin={isAdmin} />
              </Text>
            </Group>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
