import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { donorLinkRequestSchema } from '../../../shared/annual.schema';
import { useLanguage, useMessages } from '../../i18n';
import { type LinkRequestOutcome, requestDonorLink } from './link-request';
import { Notice } from './Notice';
import { WRAPPING_BUTTON } from './wrapping-button';

const REFUSALS = {
  unreachable: 'giving_unreachable',
  wait: 'giving_link_wait',
  failed: 'giving_went_wrong',
} as const;

/**
 * "Enter the e-mail you gave with": a fresh link by e-mail. The server answers the same for every
 * address (it tells no one who gives) and allows one request a minute.
 */
export function LinkRequestForm() {
  const t = useMessages();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<LinkRequestOutcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The shared schema first, so a typo is named at once; the server checks the same again.
    const checked = donorLinkRequestSchema.safeParse({ email });
    if (!checked.success) {
      setOutcome({ kind: 'invalid' });
      return;
    }
    setSending(true);
    setOutcome(await requestDonorLink(checked.data.email, language));
    setSending(false);
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="link-request-title">
      <Title id="link-request-title" order={2} size="h3">
        {t('giving_link_title')}
      </Title>
      <Text mt="xs">{t('giving_link_intro')}</Text>
      <form onSubmit={submit} noValidate aria-labelledby="link-request-title">
        <Stack gap="sm" mt="sm">
          <TextInput
            label={t('giving_link_email_label')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={outcome?.kind === 'invalid' ? t('giving_link_email_invalid') : undefined}
          />
          <Button type="submit" loading={sending} fullWidth styles={WRAPPING_BUTTON}>
            {t('giving_link_send')}
          </Button>
        </Stack>
      </form>
      {outcome?.kind === 'sent' ? (
        <Notice tone="done" mt="md" title={t('giving_link_sent_title')}>
          {t('giving_link_sent')}
        </Notice>
      ) : null}
      {outcome?.kind === 'refused' ? (
        <Notice tone="error" mt="md" title={t('giving_not_sent')}>
          {t(REFUSALS[outcome.reason])}
        </Notice>
      ) : null}
    </Paper>
  );
}
