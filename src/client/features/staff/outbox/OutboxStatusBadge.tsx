import { Badge } from '@mantine/core';

/** The colour tints the background; the text stays near-black, readable (WCAG AA) on every tint. */
const COLOURS: Record<string, string> = { queued: 'yellow', sent: 'green', failed: 'red' };

/** Its whole word always: a wide table squeezes columns to their narrowest, which a badge would ellipsise. */
export function OutboxStatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light" color={COLOURS[status] ?? 'gray'} c="dark.7" style={{ minWidth: 'max-content' }}>
      {status}
    </Badge>
  );
}
