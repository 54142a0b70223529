import { Alert, Button, Card, Code, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { SecretSetting, type SettingsForm, TextSetting } from './settings-form';

/** A new webhook secret: 32 random bytes from the browser's cryptographic generator, as base64url (43 characters). */
function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The Razorpay card: the keys and the webhook secret, "Generate" for the secret, "Check the keys". */
export function RazorpayCard({ form }: { form: SettingsForm }) {
  const { view, draft, set } = form;
  const [generated, setGenerated] = useState<string>();
  const check = staffTrpc.staff.settings.checkRazorpay.useMutation();
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        Razorpay
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextSetting form={form} field="razorpayKeyId" />
        <SecretSetting form={form} field="razorpayKeySecret" />
        <Stack gap={4}>
          <SecretSetting form={form} field="razorpayWebhookSecret" />
          {view.fields.razorpayWebhookSecret.source !== 'environment' && (
            <Button
              variant="light"
              size="compact-xs"
              w="fit-content"
              onClick={() => {
                const secret = generateSecret();
                setGenerated(secret);
                set('razorpayWebhookSecret', secret);
              }}
            >
              Generate a webhook secret
            </Button>
          )}
        </Stack>
      </SimpleGrid>
      {generated && draft.razorpayWebhookSecret === generated && (
        <Alert mt="sm" color="blue" variant="light" title="New webhook secret" role="status">
          <Text size="sm">
            Paste it as the webhook’s Secret in Razorpay’s dashboard (Account & Settings → Webhooks), then save here.
            Razorpay and this site must have the same one.
          </Text>
          <Group gap="xs" mt="xs" wrap="nowrap" align="flex-start">
            <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{generated}</Code>
            <CopyButton value={generated}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <Group mt="sm">
        <Button
          variant="default"
          loading={check.isPending}
          onClick={() =>
            check.mutate(
              draft.razorpayKeySecret
                ? { keyId: draft.razorpayKeyId || undefined, keySecret: draft.razorpayKeySecret }
                : {},
            )
          }
        >
          Check the keys
        </Button>
        {view.mode === 'sandbox' && (
          <Text size="xs" c="dimmed">
            The sandbox checks only the keys saved here.
          </Text>
        )}
      </Group>
      {check.data && (
        <Alert mt="sm" color={check.data.ok ? 'green' : 'red'} variant="light" role="status">
          {check.data.message}
        </Alert>
      )}
      <ErrorMessage error={check.error} title="Not checked" />
    </Card>
  );
}
