import { Anchor, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSiteContent } from '../../site-content-context';
import { DataRights } from './DataRights';
import { type DonorGifts, donorClient, failureMessage, isExpiredLink, loadDonorPage } from './donor-api';
import { forgetDonorToken, readDonorToken } from './donor-token';
import { GivingHistory } from './GivingHistory';
import { LinkRequestForm } from './LinkRequestForm';
import { MonthlyGifts } from './MonthlyGifts';
import { Notice } from './Notice';

type View =
  /** Before the script has read the address: what the prerendered page shows (all it can without JavaScript). */
  | { kind: 'starting' }
  | { kind: 'ask'; expired: boolean }
  | { kind: 'loading'; token: string }
  | { kind: 'ready'; token: string; data: DonorGifts }
  | { kind: 'failed'; token: string; message: string };

/** A donor's own page: their link opens it; without one (or an expired one), they ask for a link. */
export function MyGivingPage() {
  const { trust } = useSiteContent();
  const [view, setView] = useState<View>({ kind: 'starting' });

  const load = useCallback((token: string) => {
    setView({ kind: 'loading', token });
    loadDonorPage(token)
      .then((data) => setView({ kind: 'ready', token, data }))
      .catch((error: unknown) => {
        if (!isExpiredLink(error)) return setView({ kind: 'failed', token, message: failureMessage(error) });
        forgetDonorToken();
        setView({ kind: 'ask', expired: true });
      });
  }, []);

  useEffect(() => {
    const { token, fromLink } = readDonorToken();
    // The token opens the donor's data for a day: off the address bar and the history at once.
    // (The page is hydrated without the router, so the browser's own history is told.)
    if (fromLink) history.replaceState(history.state, '', location.pathname);
    if (token) load(token);
    else setView({ kind: 'ask', expired: false });
  }, [load]);

  const forget = () => {
    forgetDonorToken();
    setView({ kind: 'ask', expired: false });
  };

  return (
    <section className="section" aria-labelledby="my-giving-title">
      {/* Box, not Container: a component shared with the donate chunk would be split out of it into one more request. */}
      <Box maw={640} mx="auto" px="md">
        <Title id="my-giving-title" order={1}>
          My giving
        </Title>
        <Text mt="xs">Your gifts to {trust.name}, their receipts, and a yearly statement for your tax return.</Text>
        <Stack gap="xl" mt="lg">
          <ViewBody view={view} onRetry={load} onForget={forget} />
        </Stack>
      </Box>
    </section>
  );
}

function ViewBody({ view, onRetry, onForget }: { view: View; onRetry: (token: string) => void; onForget: () => void }) {
  const { contact } = useSiteContent();
  switch (view.kind) {
    case 'starting':
      // Visible, not <noscript>: it is what the page says until the script runs, or if it never does.
      return (
        <Text role="status">
          Opening your page… This page needs JavaScript: if nothing more appears, turn it on and reload, or write to{' '}
          <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor> for your receipts.
        </Text>
      );
    case 'ask':
      return (
        <>
          {view.expired ? (
            <Notice tone="error" title="This link has expired">
              Links to your page work for 24 hours and only as they were sent. Ask for a new one below.
            </Notice>
          ) : null}
          <LinkRequestForm />
        </>
      );
    case 'loading':
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading your gifts…</Text>
        </Group>
      );
    case 'failed':
      return (
        <Notice tone="error" title="Your gifts could not be loaded">
          <Text size="sm">{view.message}</Text>
          <Button mt="sm" variant="outline" color="red" onClick={() => onRetry(view.token)}>
            Try again
          </Button>
        </Notice>
      );
    case 'ready':
      return <DonorSections token={view.token} data={view.data} onForget={onForget} />;
  }
}

function DonorSections({ token, data, onForget }: { token: string; data: DonorGifts; onForget: () => void }) {
  const client = useMemo(() => donorClient(token), [token]);
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          Gifts given with <strong style={{ overflowWrap: 'anywhere' }}>{data.email}</strong>
        </Text>
        <Button variant="subtle" size="compact-sm" px={0} onClick={onForget}>
          Not you? Forget this link
        </Button>
      </Group>
      <GivingHistory data={data} token={token} />
      <MonthlyGifts monthly={data.monthly} client={client} />
      <DataRights
        client={client}
        erasureRequested={data.erasureRequested}
        hasActiveMonthly={data.monthly.some((gift) => gift.canCancel)}
      />
    </>
  );
}
