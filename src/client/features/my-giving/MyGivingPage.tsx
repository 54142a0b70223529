import { Anchor, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLanguage, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';
import { OwnApplications } from '../applications/OwnApplications';
import { DataRights } from './DataRights';
import { type DonorGifts, donorClient, failureMessage, isExpiredLink, loadDonorPage } from './donor-api';
import { forgetDonorToken, readDonorToken } from './donor-token';
import { aroundPlaceholder } from './format';
import { GivingHistory } from './GivingHistory';
import { LinkRequestForm } from './LinkRequestForm';
import { MonthlyGifts } from './MonthlyGifts';
import { Notice } from './Notice';
import { WRAPPING_BUTTON } from './wrapping-button';

type View =
  /** Before the script has read the address: what the prerendered page shows (all it can without JavaScript). */
  | { kind: 'starting' }
  | { kind: 'ask'; expired: boolean }
  | { kind: 'loading'; token: string }
  | { kind: 'ready'; token: string; data: DonorGifts }
  /** `error`: the call's failure, said in the page's language when shown (donor-api.ts failureMessage). */
  | { kind: 'failed'; token: string; error: unknown };

/** A donor's own page: their link opens it; without one (or an expired one), they ask for a link. */
export function MyGivingPage() {
  const { trust } = useSiteContent();
  const t = useMessages();
  const [view, setView] = useState<View>({ kind: 'starting' });

  const load = useCallback((token: string) => {
    setView({ kind: 'loading', token });
    loadDonorPage(token)
      .then((data) => setView({ kind: 'ready', token, data }))
      .catch((error: unknown) => {
        if (!isExpiredLink(error)) return setView({ kind: 'failed', token, error });
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
          {t('giving_title')}
        </Title>
        <Text mt="xs">{t('giving_intro', { name: trust.name })}</Text>
        <Stack gap="xl" mt="lg">
          <ViewBody view={view} onRetry={load} onForget={forget} />
        </Stack>
      </Box>
    </section>
  );
}

function ViewBody({ view, onRetry, onForget }: { view: View; onRetry: (token: string) => void; onForget: () => void }) {
  const { contact } = useSiteContent();
  const t = useMessages();
  const language = useLanguage();
  switch (view.kind) {
    case 'starting': {
      // Visible, not <noscript>: it is what the page says until the script runs, or if it never does.
      const [before, after] = aroundPlaceholder((email) => t('giving_starting', { email }));
      return (
        <Text role="status">
          {before}
          <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
          {after}
        </Text>
      );
    }
    case 'ask':
      return (
        <>
          {view.expired ? (
            <Notice tone="error" title={t('giving_expired_title')}>
              {t('giving_expired_text')}
            </Notice>
          ) : null}
          <LinkRequestForm />
        </>
      );
    case 'loading':
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('giving_loading')}</Text>
        </Group>
      );
    case 'failed':
      return (
        <Notice tone="error" title={t('giving_load_failed')}>
          <Text size="sm">{failureMessage(view.error, language, t)}</Text>
          <Button mt="sm" variant="outline" color="red" onClick={() => onRetry(view.token)} styles={WRAPPING_BUTTON}>
            {t('giving_try_again')}
          </Button>
        </Notice>
      );
    case 'ready':
      return <DonorSections token={view.token} data={view.data} onForget={onForget} />;
  }
}

function DonorSections({ token, data, onForget }: { token: string; data: DonorGifts; onForget: () => void }) {
  const client = useMemo(() => donorClient(token), [token]);
  const t = useMessages();
  const [before, after] = aroundPlaceholder((email) => t('giving_given_with', { email }));
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {before}
          <strong style={{ overflowWrap: 'anywhere' }}>{data.email}</strong>
          {after}
        </Text>
        <Button variant="subtle" size="compact-sm" px={0} onClick={onForget} styles={WRAPPING_BUTTON}>
          {t('giving_forget')}
        </Button>
      </Group>
      <GivingHistory data={data} token={token} />
      <MonthlyGifts monthly={data.monthly} client={client} />
      <OwnApplications client={client} />
      <DataRights
        client={client}
        erasureRequested={data.erasureRequested}
        hasActiveMonthly={data.monthly.some((gift) => gift.canCancel)}
      />
    </>
  );
}
