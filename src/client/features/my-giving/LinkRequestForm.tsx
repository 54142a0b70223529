import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { donorLinkRequestSchema } from '../../../shared/annual.schema';
import { type LinkRequestOutcome, requestDonorLink } from './link-request';
import { Notice } from './Notice';

/**
 * "Enter the e-mail you gave with": a fresh link by e-mail. The server answers the same for every
 * address (it tells no one who gives) and allows one request a minute.
 */
export function LinkRequestForm() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<LinkRequestOutcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The shared schema first, so a typo is named at once; the server checks the same again.
    const checked = donorLinkRequestSchema.safeParse({ email });
    if (!checked.success) {
      setOutcome({ kind: 'invalid', fieldError: 'Enter an e-mail address such as name@example.com' });
      return;
    }
    setSending(true);
    setOutcome(await requestDonorLink(checked.data.email));
    setSending(false);
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="link-request-title">
      <Title id="link-request-title" order={2} size="h3">
        Get a link to your page
      </Title>
      <Text mt="xs">We will e-mail you a link that opens your page for 24 hours. No password needed.</Text>
      <form onSubmit={submit} noValidate aria-labelledby="link-request-title">
        <Stack gap="sm" mt="sm">
          <TextInput
            label="Enter the e-mail you gave with"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={outcome?.kind === 'invalid' ? outcome.fieldError : undefined}
          />
          <Button type="submit" loading={sending} fullWidth>
            Send me a link
          </Button>
        </Stack>
      </form>
      {outcome?.kind === 'sent' ? (
        <Notice tone="done" mt="md" title="Check your e-mail">
          {outcome.message}
        </Notice>
      ) : null}
      {outcome?.kind === 'refused' ? (
        <Notice tone="error" mt="md" title="Not sent">
          {outcome.message}
        </Notice>
      ) : null}
    </Paper>
  );
}
