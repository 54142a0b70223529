import { Alert, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

const TONES = {
  done: { color: 'brand', role: 'status' },
  error: { color: 'red', role: 'alert' },
} as const;

/**
 * A message on the page: what happened (read out as a status) or what went wrong (as an alert).
 * Mantine's light alerts draw the title in shade 6, below 4.5:1 on their tint: shade 9 here.
 */
export function Notice({
  tone,
  title,
  mt,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  mt?: MantineSpacing;
  children: ReactNode;
}) {
  const { color, role } = TONES[tone];
  return (
    <Alert
      color={color}
      variant="light"
      role={role}
      title={title}
      mt={mt}
      styles={{ title: { color: `var(--mantine-color-${color}-9)` } }}
    >
      {children}
    </Alert>
  );
}
