import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import type { SecretField, SettingsField, SettingsInput, SettingView } from '../../../../shared/settings.schema';

/** The Settings form's parts shared by its cards: the page's values, the draft, its errors, one field each. */

export type SettingsView = inferRouterOutputs<AppRouter>['staff']['settings']['get'];

/** What every card's fields read and write: the page's values, the form's draft, the server's errors. */
export interface SettingsForm {
  view: SettingsView;
  draft: SettingsInput;
  set(field: SettingsField, value: string | number | null | undefined): void;
  errors: Partial<Record<string, string>>;
}

export const LABELS: Record<SettingsField, { label: string; description?: string }> = {
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
export function draftOf(view: SettingsView): SettingsInput {
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
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/** Where a field's value comes from, in a line under it. */
export function sourceNote(view: SettingView, secret: boolean): string | undefined {
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

/** A plain field: the environment's value shown and shut when it wins, else the draft's. */
export function TextSetting({
  form,
  field,
}: {
  form: SettingsForm;
  field: Exclude<SettingsField, SecretField | 'smtpPort'>;
}) {
  const shown = form.view.fields[field];
  const fromEnvironment = shown.source === 'environment';
  return (
    <TextInput
      name={field}
      label={LABELS[field].label}
      description={sourceNote(shown, false) ?? LABELS[field].description}
      value={fromEnvironment ? (shown.value ?? '') : form.draft[field]}
      disabled={fromEnvironment}
      error={form.errors[field]}
      onChange={(event) => form.set(field, event.currentTarget.value)}
    />
  );
}

/** A secret field: never shown back; empty keeps the saved one, which can also be removed. */
export function SecretSetting({ form, field }: { form: SettingsForm; field: SecretField }) {
  const shown = form.view.fields[field];
  const removing = form.draft[field] === null;
  return (
    <Stack gap={4}>
      <PasswordInput
        name={field}
        label={LABELS[field].label}
        description={
          removing ? 'Will be removed when you save.' : (sourceNote(shown, true) ?? LABELS[field].description)
        }
        value={form.draft[field] ?? ''}
        disabled={shown.source === 'environment' || removing}
        autoComplete="off"
        error={form.errors[field]}
        onChange={(event) => form.set(field, event.currentTarget.value)}
      />
      {shown.source === 'console' && shown.set && (
        <Button
          variant="subtle"
          size="compact-xs"
          w="fit-content"
          onClick={() => form.set(field, removing ? undefined : null)}
        >
          {removing ? 'Keep the saved one' : 'Remove the saved one'}
        </Button>
      )}
    </Stack>
  );
}
