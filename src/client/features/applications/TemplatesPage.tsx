import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { RouterOutputs } from '../../../server/transports/trpc/router';
import { TEMPLATE_PLACEHOLDERS } from '../../../shared/application-work.schema';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/languages';
import { ErrorMessage } from '../staff/ErrorMessage';
import { staffTrpc } from '../staff/trpc';
import { useStaffTitle } from '../staff/use-staff-title';
import { MAIL_STEP_LABELS } from './application-words';

type Template = RouterOutputs['staff']['applications']['templates'][number];

/** The server's reason for refusing a field (its zod issue), shown under the field. */
const issueOf = (error: unknown, field: string) =>
  (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues?.find(
    (issue) => issue.path === field,
  )?.message;

/** The mails to applicants at each step, in English, Tamil and Hindi: staff edit them here. */
export function TemplatesPage() {
  useStaffTitle('Application mails');
  const [language, setLanguage] = useState<Language>('en');
  const templates = staffTrpc.staff.applications.templates.useQuery();
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/staff/applications" size="sm">
        ← Applications
      </Anchor>
      <Title order={1} size="h2">
        Application mails
      </Title>
      <Text size="sm">
        The mail an applicant gets when you tick “Mail” on a step, in the language they applied in. Write{' '}
        {TEMPLATE_PLACEHOLDERS.join(', ')} for their name, the animal’s name and the trust’s name. A blank line starts a
        new paragraph.
      </Text>
      <SegmentedControl
        value={language}
        onChange={(value) => setLanguage(value as Language)}
        data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        w="fit-content"
      />
      <ErrorMessage error={templates.error} />
      {templates.data
        ?.filter((template) => template.language === language)
        .map((template) => (
          <TemplateCard key={`${template.step}-${template.language}-${template.subject}`} template={template} />
        ))}
    </Stack>
  );
}

function TemplateCard({ template }: { template: Template }) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const utils = staffTrpc.useUtils();
  const done = (message: string) => async () => {
    notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': 'Close the notice' } });
    await utils.staff.applications.templates.invalidate();
  };
  const save = staffTrpc.staff.applications.saveTemplate.useMutation({ onSuccess: done('Saved') });
  const reset = staffTrpc.staff.applications.resetTemplate.useMutation({ onSuccess: done('Back to the first words') });
  const lang = template.language === 'en' ? 'en-IN' : template.language;
  return (
    <Card withBorder padding="sm" data-testid={`template-${template.step}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {MAIL_STEP_LABELS[template.step]}
          </Title>
          <Badge variant="light" color={template.custom ? 'teal' : 'gray'} c="dark.7">
            {template.custom ? `Edited by ${template.updatedBy}` : 'First words'}
          </Badge>
        </Group>
        <TextInput
          label="Subject"
          lang={lang}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          maxLength={200}
          error={issueOf(save.error, 'subject')}
        />
        <Textarea
          label="Message"
          lang={lang}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          maxLength={5000}
          autosize
          minRows={4}
          error={issueOf(save.error, 'body')}
        />
        <ErrorMessage
          error={issueOf(save.error, 'subject') || issueOf(save.error, 'body') ? null : save.error}
          title="Not saved"
        />
        <Group>
          <Button
            onClick={() => save.mutate({ step: template.step, language: template.language, subject, body })}
            loading={save.isPending}
          >
            Save
          </Button>
          {template.custom && (
            <Button
              variant="subtle"
              onClick={() => reset.mutate({ step: template.step, language: template.language })}
              loading={reset.isPending}
            >
              Back to the first words
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
