import { Badge } from '@mantine/core';

/** The colour tints the background; the text stays near-black, readable (WCAG AA) on every tint. */
const COLOURS: Record<string, string> = { queued: 'yellow', sent: 'green', failed: 'red' };

export function OutboxStatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light" color={COLOURS[status] ?? 'gray'} c="dark.7">
      {status}
    </Badge>
  );
}
