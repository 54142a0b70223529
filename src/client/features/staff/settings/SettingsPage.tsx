import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  List,
  Loader,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useEffect, useState } from 'react';
import type { AppRouter } from '../../../../server/trpc/router';
import type { SecretField, SettingsField, SettingsInput, SettingView } from '../../../../shared/settings.schema';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';

type SettingsView = inferRouterOutputs<AppRouter>['staff']['settings']['get'];

const LABELS: Record<SettingsField, { label: string; description?: string }> = {
  razorpayKeyId: { label: 'Key Id', description: 'Razorpay dashboard → Account & Settings → API Keys' },
  razorpayKeySecret: { label: 'Key Secret', description: 'Shown by Razorpay once, when the key is made' },
  razorpayWebhookSecret: {
    label: 'Webhook secret',
    description: 'The same secret as the webhook’s in Razorpay: make one up, or Generate one below',
  },
  smtpHost: { label: 'SMTP server', description: 'e.g. smtp.gmail.com' },
  smtpPort: { label: 'Port', description: '587 (STARTTLS) unless the provider says 465' },
  smtpUser: { label: 'User name', description: 'Often the full e-mail address' },
  smtpPassword: { label: 'Password', description: 'For Gmail: an app password' },
  mailFromAddress: { label: 'Sender address', description: 'The address donors see mail from' },
  mailFromName: { label: 'Sender name', description: 'e.g. the trust’s name' },
};

/** The form's values from the page's: what the console saved, never a secret (typed anew or kept). */
function draftOf(view: SettingsView): SettingsInput {
  const saved = (field: SettingsField) =>
    view.fields[field].source === 'console' ? (view.fields[field].value ?? '') : '';
  return {
    razorpayKeyId: saved('razorpayKeyId'),
    smtpHost: saved('smtpHost'),
    smtpPort: saved('smtpPort') === '' ? null : Number(saved('smtpPort')),
    smtpUser: saved('smtpUser'),
    mailFromAddress: saved('mailFromAddress'),
    mailFromName: saved('mailFromName'),
  };
}

/** The server's 400 answer as one message per field. */
function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/** Where a field's value comes from, in a line under it. */
function sourceNote(view: SettingView, secret: boolean): string | undefined {
  if (view.source === 'environment')
    return `Set by the server’s environment: ${view.variable}. It wins over this page.`;
  if (secret && view.set && view.source === 'console')
    return `Saved${view.lastFour ? `: ends in ${view.lastFour}` : ''}. Leave empty to keep it.`;
  if (view.source === 'default')
    return secret && view.set
      ? 'Not set here: the sandbox’s built-in one applies.'
      : 'Not set here: the server’s own default applies.';
  return undefined;
}

/** A new webhook secret: 32 random bytes from the browser's cryptographic generator, as base64url (43 characters). */
function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** Settings (admins): Razorpay's keys, the webhook, the mail server. A save applies at once, without a restart. */
export function SettingsPage() {
  useStaffTitle('Settings');
  const utils = staffTrpc.useUtils();
  const page = staffTrpc.staff.settings.get.useQuery();
  const deliveries = staffTrpc.staff.settings.webhookDeliveries.useQuery();
  const [draft, setDraft] = useState<SettingsInput>();
  const [testTo, setTestTo] = useState('');
  const [generated, setGenerated] = useState<string>();
  useEffect(() => {
    if (page.data) setDraft(draftOf(page.data));
  }, [page.data]);
  const save = staffTrpc.staff.settings.save.useMutation({
    onSuccess: ({ changed, settings }) => {
      notifications.show({
        color: 'green',
        message: changed.length === 0 ? 'Nothing changed' : 'Settings saved: in force now',
      });
      utils.staff.settings.get.setData(undefined, settings);
    },
  });
  const check = staffTrpc.staff.settings.checkRazorpay.useMutation();
  const testMail = staffTrpc.staff.settings.sendTestMail.useMutation();
  const fieldErrors = fieldErrorsOf(save.error);

  if (!page.data || !draft) {
    return (
      <Stack gap="md" maw={900}>
        <Title order={1} size="h2">
          Settings
        </Title>
        <ErrorMessage error={page.error} />
        {page.isLoading && <Loader aria-label="Loading" />}
      </Stack>
    );
  }
  const view = page.data;
  const set = (field: SettingsField, value: string | number | null | undefined) =>
    setDraft((current) => current && { ...current, [field]: value });

  const textField = (field: Exclude<SettingsField, SecretField | 'smtpPort'>) => {
    const shown = view.fields[field];
    const fromEnvironment = shown.source === 'environment';
    return (
      <TextInput
        key={field}
        name={field}
        label={LABELS[field].label}
        description={sourceNote(shown, false) ?? LABELS[field].description}
        value={fromEnvironment ? (shown.value ?? '') : draft[field]}
        disabled={fromEnvironment}
        error={fieldErrors[field]}
        onChange={(event) => set(field, event.currentTarget.value)}
      />
    );
  };
  const secretField = (field: SecretField) => {
    const shown = view.fields[field];
    const removing = draft[field] === null;
    return (
      <Stack key={field} gap={4}>
        <PasswordInput
          name={field}
          label={LABELS[field].label}
          description={
            removing ? 'Will be removed when you save.' : (sourceNote(shown, true) ?? LABELS[field].description)
          }
          value={draft[field] ?? ''}
          disabled={shown.source === 'environment' || removing}
          autoComplete="off"
          error={fieldErrors[field]}
          onChange={(event) => set(field, event.currentTarget.value)}
        />
        {shown.source === 'console' && shown.set && (
          <Button
            variant="subtle"
            size="compact-xs"
            w="fit-content"
            onClick={() => set(field, removing ? undefined : null)}
          >
            {removing ? 'Keep the saved one' : 'Remove the saved one'}
          </Button>
        )}
      </Stack>
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Settings
      </Title>
      <Alert color={view.mode === 'sandbox' ? 'yellow' : view.keyMode === 'live' ? 'green' : 'blue'} variant="light">
        {view.mode === 'sandbox'
          ? 'This server runs the sandbox: no money moves. Test keys (rzp_test_…) saved here are used by the sandbox at once; live keys need the server started in razorpay mode.'
          : view.keyMode === 'live'
            ? 'Razorpay, live keys: donors pay real money.'
            : view.keyMode === 'test'
              ? 'Razorpay, test keys: no money moves. Save live keys (rzp_live_…) to take real donations.'
              : 'Razorpay keys are not set: donations cannot be taken until they are saved here.'}
      </Alert>
      <ErrorMessage error={page.error} />

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Card withBorder padding="sm">
            <Title order={2} size="h4" mb="xs">
              Razorpay
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {textField('razorpayKeyId')}
              {secretField('razorpayKeySecret')}
              <Stack gap={4}>
                {secretField('razorpayWebhookSecret')}
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
                  Paste it as the webhook’s Secret in Razorpay’s dashboard (Account & Settings → Webhooks), then save
                  here. Razorpay and this site must have the same one.
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

          <Card withBorder padding="sm">
            <Title order={2} size="h4" mb="xs">
              Mail server (SMTP)
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {textField('smtpHost')}
              <NumberInput
                name="smtpPort"
                label={LABELS.smtpPort.label}
                description={sourceNote(view.fields.smtpPort, false) ?? LABELS.smtpPort.description}
                value={draft.smtpPort ?? ''}
                disabled={view.fields.smtpPort.source === 'environment'}
                allowDecimal={false}
                allowNegative={false}
                error={fieldErrors.smtpPort}
                onChange={(value) => set('smtpPort', typeof value === 'number' ? value : null)}
              />
              {textField('smtpUser')}
              {secretField('smtpPassword')}
              {textField('mailFromAddress')}
              {textField('mailFromName')}
            </SimpleGrid>
          </Card>

          {save.error && Object.keys(fieldErrors).length === 0 && <ErrorMessage error={save.error} title="Not saved" />}
          {Object.keys(fieldErrors).length > 0 && (
            <Alert color="red" variant="light" role="alert" title="Not saved">
              Correct the fields marked in red, then save again.
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>

      <Card withBorder padding="sm">
        <Title order={2} size="h4" mb="xs">
          Send a test mail
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Sent at once with the saved mail settings (not through the outbox), and the mail server’s answer shown.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="To"
            type="email"
            placeholder="you@example.org"
            value={testTo}
            onChange={(event) => setTestTo(event.currentTarget.value)}
            error={fieldErrorsOf(testMail.error).to}
            style={{ flex: '1 1 16rem' }}
          />
          <Button variant="default" loading={testMail.isPending} onClick={() => testMail.mutate({ to: testTo })}>
            Send me a test mail
          </Button>
        </Group>
        {testMail.data && (
          <Alert
            mt="sm"
            color={testMail.data.ok ? 'green' : 'red'}
            variant="light"
            role="status"
            title={testMail.data.ok ? 'Accepted by the mail server' : testMail.data.problem}
          >
            {testMail.data.response && <Code block>{testMail.data.response}</Code>}
          </Alert>
        )}
      </Card>

      <Card withBorder padding="sm">
        <Title order={2} size="h4" mb="xs">
          Webhook
        </Title>
        <Text size="sm">In Razorpay’s dashboard (Account & Settings → Webhooks), add a webhook with this URL:</Text>
        <Group gap="xs" my="xs" wrap="nowrap" align="flex-start">
          <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{view.webhook.url}</Code>
          <CopyButton value={view.webhook.url}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">the webhook secret saved above, and these events ticked:</Text>
        <List size="sm" my="xs" spacing={2}>
          {view.webhook.events.map((event) => (
            <List.Item key={event}>
              <Code>{event}</Code>
            </List.Item>
          ))}
        </List>
        <Title order={3} size="h5" mt="sm" mb="xs">
          Last deliveries
        </Title>
        <ErrorMessage error={deliveries.error} />
        {deliveries.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            None received yet.
          </Text>
        )}
        {deliveries.data && deliveries.data.length > 0 && (
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Signature</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.map((delivery, index) => (
                  // Newest first, refetched whole: the position is the row's identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Tr key={index}>
                    <Table.Td>{new Date(delivery.receivedAt).toLocaleString('en-IN')}</Table.Td>
                    <Table.Td>{delivery.eventType ?? '(unknown)'}</Table.Td>
                    <Table.Td>
                      {delivery.verified ? (
                        <Badge color="green">verified</Badge>
                      ) : (
                        <Badge color="red">failed: wrong webhook secret?</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Button mt="xs" size="compact-sm" variant="subtle" onClick={() => deliveries.refetch()}>
          Refresh
        </Button>
      </Card>
    </Stack>
  );
}
