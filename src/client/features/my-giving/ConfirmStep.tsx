import { Button, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { WRAPPING_BUTTON } from './wrapping-button';

/**
 * The second step of an action that cannot be undone from this page: what it does, then one button
 * to go ahead and one to go back. Focus moves to it (the button that opened it is gone), so a
 * screen reader reads it out; not to "Yes", so a double tap or a second Enter does not confirm.
 */
export function ConfirmStep({
  title,
  children,
  confirmLabel,
  backLabel,
  busy,
  onConfirm,
  onBack,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  backLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const titleId = useId();
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => group.current?.focus(), []);
  return (
    <Stack ref={group} tabIndex={-1} gap="xs" mt="sm" role="group" aria-labelledby={titleId}>
      <Title id={titleId} order={3} size="h4">
        {title}
      </Title>
      {children}
      <Button color="red" loading={busy} onClick={onConfirm} styles={WRAPPING_BUTTON}>
        {confirmLabel}
      </Button>
      <Button variant="default" disabled={busy} onClick={onBack} styles={WRAPPING_BUTTON}>
        {backLabel}
      </Button>
    </Stack>
  );
}
