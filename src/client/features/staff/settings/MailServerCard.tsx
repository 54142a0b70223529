import { Card, NumberInput, SimpleGrid, Title } from '@mantine/core';
import { LABELS, SecretSetting, type SettingsForm, sourceNote, TextSetting } from './settings-form';

/** The mail server (SMTP) card: the server, its login and the sender donors see. */
export function MailServerCard({ form }: { form: SettingsForm }) {
  const { view, draft, set, errors } = form;
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        Mail server (SMTP)
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextSetting form={form} field="smtpHost" />
        <NumberInput
          name="smtpPort"
          label={LABELS.smtpPort.label}
          description={sourceNote(view.fields.smtpPort, false) ?? LABELS.smtpPort.description}
          value={draft.smtpPort ?? ''}
          disabled={view.fields.smtpPort.source === 'environment'}
          allowDecimal={false}
          allowNegative={false}
          error={errors.smtpPort}
          onChange={(value) => set('smtpPort', typeof value === 'number' ? value : null)}
        />
        <TextSetting form={form} field="smtpUser" />
        <SecretSetting form={form} field="smtpPassword" />
        <TextSetting form={form} field="mailFromAddress" />
        <TextSetting form={form} field="mailFromName" />
      </SimpleGrid>
    </Card>
  );
}
