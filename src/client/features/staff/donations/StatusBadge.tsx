import { Badge } from '@mantine/core';

/** The colour tints the background; the text stays near-black, readable (WCAG AA) on every tint. */
const COLOURS: Record<string, string> = {
  paid: 'green',
  active: 'green',
  pending: 'yellow',
  created: 'yellow',
  authenticated: 'yellow',
  failed: 'red',
  halted: 'red',
  refunded: 'grape',
  bounced: 'red',
  cancelled: 'gray',
  expired: 'gray',
  completed: 'blue',
  requested: 'yellow',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light" color={COLOURS[status] ?? 'gray'} c="dark.7">
      {status}
    </Badge>
  );
}
