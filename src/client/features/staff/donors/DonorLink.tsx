import { Anchor } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const AnchorLink = createLink(Anchor);

/** A donor's name (or what is given), linked to their page. */
export function DonorLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <AnchorLink to="/staff/donors/$id" params={{ id: String(id) }}>
      {children}
    </AnchorLink>
  );
}
