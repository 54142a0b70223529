import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import type { SettingsInput } from '../../../../shared/settings.schema';
import { KeepPeriodCard } from '../../applications/KeepPeriodCard';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { MailServerCard } from './MailServerCard';
import { RazorpayCard } from './RazorpayCard';
import { draftOf, fieldErrorsOf, type SettingsForm } from './settings-form';
import { TestMailCard } from './TestMailCard';
import { WebhookCard } from './WebhookCard';

/**
 * Settings (admins): Razorpay's keys, the webhook, the mail server. A save applies at once, without
 * a restart. This file holds the form's draft and its save; each card is its own file.
 */
export function SettingsPage() {
  useStaffTitle('Settings');
  const utils = staffTrpc.useUtils();
  const page = staffTrpc.staff.settings.get.useQuery();
  const [draft, setDraft] = useState<SettingsInput>();
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
  const form: SettingsForm = {
    view,
    draft,
    errors: fieldErrors,
    set: (field, value) => setDraft((current) => current && { ...current, [field]: value }),
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
          <RazorpayCard form={form} />
          <MailServerCard form={form} />
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

      <TestMailCard />
      <WebhookCard webhook={view.webhook} />
      <KeepPeriodCard />
    </Stack>
  );
}
