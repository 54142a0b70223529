import { Button, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { APPEAL_TRANSLATION_LANGUAGES, type AppealTranslationLanguage } from '../../../../shared/appeals.schema';
import { LANGUAGE_TAGS } from '../../../../shared/languages';
import type { Segment } from '../../../../shared/segments.schema';
import { fieldErrorsOf } from '../appeals/field-errors';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

const IN_ENGLISH: Record<AppealTranslationLanguage, string> = { ta: 'Tamil', hi: 'Hindi' };
type Texts = { subject: string; text: string };
const blank = (): Texts => ({ subject: '', text: '' });
const donors = (count: number) => `${count} ${count === 1 ? 'donor' : 'donors'}`;

/**
 * An update mailed to the segment (staff.retention.mail): a subject and text in English, and in
 * Tamil and Hindi where staff write them; each donor gets it in the language of their latest gift,
 * and only if they consented to news. The preview says how many get it and who is left out.
 */
export function SegmentMail({ segment }: { segment: Segment }) {
  const utils = staffTrpc.useUtils();
  const [english, setEnglish] = useState<Texts>(blank);
  const [translated, setTranslated] = useState<Record<AppealTranslationLanguage, Texts>>({ ta: blank(), hi: blank() });
  const preview = staffTrpc.staff.retention.mailPreview.useQuery({ segment });
  const send = staffTrpc.staff.retention.mail.useMutation({
    onSuccess: async (sent) => {
      notifications.show({ color: 'green', message: `Queued for ${donors(sent.mailed)}` });
      setEnglish(blank());
      setTranslated({ ta: blank(), hi: blank() });
      await utils.staff.retention.mailPreview.invalidate();
    },
  });
  const errors = fieldErrorsOf(send.error, (path) => path);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({
      segment,
      ...english,
      translations: Object.fromEntries(
        APPEAL_TRANSLATION_LANGUAGES.map((code) => [
          code,
          { subject: translated[code].subject, text: translated[code].text },
        ]),
      ),
    });
  };
  const counts = preview.data;

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="segment-mail-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Title order={2} size="h4" id="segment-mail-heading">
            Mail these donors an update
          </Title>
          <ErrorMessage error={preview.error} />
          {counts && (
            <Text size="sm" role="status">
              {donors(counts.toMail)} will get it ({counts.byLanguage.en} in English, {counts.byLanguage.ta} in Tamil,{' '}
              {counts.byLanguage.hi} in Hindi). Left out: {counts.noConsent} without consent to news,{' '}
              {counts.unsubscribed} who stopped updates, {counts.noAddress} with no e-mail address.
            </Text>
          )}
          <TextInput
            label="Subject"
            required
            value={english.subject}
            onChange={(event) => setEnglish({ ...english, subject: event.currentTarget.value })}
            error={errors.subject}
          />
          <Textarea
            label="Text"
            description="Plain paragraphs, a blank line between them. Each mail starts with the donor's name and ends with the link that stops news."
            required
            autosize
            minRows={4}
            value={english.text}
            onChange={(event) => setEnglish({ ...english, text: event.currentTarget.value })}
            error={errors.text}
          />
          {APPEAL_TRANSLATION_LANGUAGES.map((code) => (
            <Stack key={code} gap={4}>
              <TextInput
                label={`Subject in ${IN_ENGLISH[code]} (optional)`}
                lang={LANGUAGE_TAGS[code]}
                value={translated[code].subject}
                onChange={(event) =>
                  setTranslated({ ...translated, [code]: { ...translated[code], subject: event.currentTarget.value } })
                }
                error={errors[`translations.${code}.subject`]}
              />
              <Textarea
                label={`Text in ${IN_ENGLISH[code]} (optional: without it, the English)`}
                lang={LANGUAGE_TAGS[code]}
                autosize
                minRows={2}
                value={translated[code].text}
                onChange={(event) =>
                  setTranslated({ ...translated, [code]: { ...translated[code], text: event.currentTarget.value } })
                }
                error={errors[`translations.${code}.text`]}
              />
            </Stack>
          ))}
          <ErrorMessage error={send.error && Object.keys(errors).length === 0 ? send.error : null} />
          <Button type="submit" loading={send.isPending} disabled={!counts || counts.toMail === 0}>
            Send to {donors(counts?.toMail ?? 0)}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
