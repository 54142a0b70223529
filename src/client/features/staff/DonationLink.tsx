import { Anchor } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

const AnchorLink = createLink(Anchor);

/** `#123`, linked to the donation's story. */
export function DonationLink({ id }: { id: number }) {
  return (
    <AnchorLink to="/staff/donations/$id" params={{ id: String(id) }}>
      #{id}
    </AnchorLink>
  );
}
