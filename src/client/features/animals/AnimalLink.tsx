import { Anchor } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const AnchorLink = createLink(Anchor);

/** The animal's console page, linked by its name (or what `children` says). */
export function AnimalLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <AnchorLink to="/staff/animals/$id" params={{ id: String(id) }}>
      {children}
    </AnchorLink>
  );
}
