import { Badge } from '@mantine/core';

/** Dark shades only: the badge's text must stay readable (WCAG AA) on its light background. */
const COLOURS: Record<string, string> = {
  paid: 'green',
  active: 'green',
  pending: 'yellow',
  created: 'yellow',
  authenticated: 'yellow',
  failed: 'red',
  halted: 'red',
  refunded: 'grape',
  cancelled: 'gray',
  expired: 'gray',
  completed: 'blue',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light" color={COLOURS[status] ?? 'gray'} c={`${COLOURS[status] ?? 'gray'}.9`}>
      {status}
    </Badge>
  );
}
