import { Anchor } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const AnchorLink = createLink(Anchor);

/** The appeal's console page, linked by its title (or what `children` says). */
export function AppealLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <AnchorLink to="/staff/appeals/$id" params={{ id: String(id) }}>
      {children}
    </AnchorLink>
  );
}
