import { Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLanguage, useMessages } from '../../i18n';
import { type DonorClient, failureMessage } from './donor-api';
import { Notice } from './Notice';

/**
 * News of the animals on the donor's page: the consent they gave on the donate form, withdrawn (or
 * given) here with one switch; the server records each answer (gifts/donor-keys/news-consent.ts).
 */
export function NewsConsentSwitch({ client }: { client: DonorClient }) {
  const t = useMessages();
  const language = useLanguage();
  const [wantsNews, setWantsNews] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  // The failure as thrown, worded at render: the effect depends on the client alone.
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let current = true;
    client.donor.newsConsent
      .query()
      .then((answer) => current && setWantsNews(answer.wantsNews))
      .catch((failure) => current && setError(failure));
    return () => {
      current = false;
    };
  }, [client]);

  async function change(next: boolean) {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      setWantsNews((await client.donor.setNewsConsent.mutate({ wantsNews: next })).wantsNews);
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div>
      {/* Shown once the answer is known, and never disabled (a disabled switch's faded hint fails contrast). */}
      {wantsNews === null ? null : (
        <Switch
          label={t('giving_news_switch')}
          description={t('giving_news_switch_hint')}
          checked={wantsNews}
          aria-busy={saving}
          // The page's own text colour: Mantine's dimmed hint fails contrast on the page's panel.
          styles={{ description: { color: 'var(--mantine-color-text)' } }}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
      )}
      {error ? (
        <Notice tone="error" title={t('giving_not_sent')}>
          <Text>{failureMessage(error, language, t)}</Text>
        </Notice>
      ) : null}
    </div>
  );
}
