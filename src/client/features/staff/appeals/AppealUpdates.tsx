import { Button, Card, Checkbox, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import { APPEAL_TRANSLATION_LANGUAGES, type AppealTranslationLanguage } from '../../../../shared/appeals.schema';
import type { ImageRecord } from '../../../../shared/images';
import { LANGUAGE_TAGS } from '../../../../shared/languages';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { ImageUploadField } from '../images/ImageUploadField';
import { PhotoThumb } from '../images/PhotoThumb';
import { staffTrpc } from '../trpc';
import { fieldErrorsOf } from './field-errors';

type Appeal = RouterOutputs['staff']['appeals']['get'];
type UpdateTexts = Record<AppealTranslationLanguage, string>;

const IN_ENGLISH: Record<AppealTranslationLanguage, string> = { ta: 'Tamil', hi: 'Hindi' };
const MISSING = 'missing — English shown';
const noTexts = (): UpdateTexts => ({ ta: '', hi: '' });
/** A stored update's translations as the boxes hold them. */
const textsOf = (translations: unknown): UpdateTexts => {
  const stored = (translations ?? {}) as Partial<Record<AppealTranslationLanguage, { text?: string }>>;
  return { ta: stored.ta?.text ?? '', hi: stored.hi?.text ?? '' };
};
/** The boxes as the procedure takes them: a blank one is no translation. */
const translationsInput = (texts: UpdateTexts) =>
  Object.fromEntries(
    APPEAL_TRANSLATION_LANGUAGES.filter((code) => texts[code].trim() !== '').map((code) => [
      code,
      { text: texts[code] },
    ]),
  );

/** The update's text in Tamil and Hindi, each box marked while empty (the page shows the English). */
function TranslationBoxes({
  texts,
  onChange,
  errors,
}: {
  texts: UpdateTexts;
  onChange: (texts: UpdateTexts) => void;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <>
      {APPEAL_TRANSLATION_LANGUAGES.map((code) => (
        <Textarea
          key={code}
          label={`${IN_ENGLISH[code]} (optional)`}
          description={texts[code].trim() === '' ? MISSING : undefined}
          lang={LANGUAGE_TAGS[code]}
          autosize
          minRows={2}
          value={texts[code]}
          onChange={(event) => onChange({ ...texts, [code]: event.currentTarget.value })}
          error={
            errors[`translations.${code}.text`]
              ? `${IN_ENGLISH[code]} ${errors[`translations.${code}.text`]}`
              : undefined
          }
        />
      ))}
    </>
  );
}

/** A posted update's Tamil and Hindi text, given or corrected later (its English and any mail stay as posted). */
function UpdateTranslations({ update, onSaved }: { update: Appeal['updates'][number]; onSaved: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [texts, setTexts] = useState(() => textsOf(update.translations));
  const save = staffTrpc.staff.appeals.translateUpdate.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Translations saved' });
      setEditing(false);
      await onSaved();
    },
  });
  const stored = textsOf(update.translations);
  const missing = APPEAL_TRANSLATION_LANGUAGES.filter((code) => stored[code].trim() === '');
  if (!editing) {
    return (
      <Group gap="xs">
        <Text size="xs" fw={missing.length > 0 ? 700 : undefined}>
          {missing.length > 0
            ? `${missing.map((code) => IN_ENGLISH[code]).join(' and ')}: ${MISSING}`
            : 'Tamil and Hindi given'}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
          Translations
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" mt="xs">
      <TranslationBoxes texts={texts} onChange={setTexts} errors={fieldErrorsOf(save.error, (path) => path)} />
      <Group gap="xs">
        <Button
          size="xs"
          loading={save.isPending}
          onClick={() => save.mutate({ id: update.id, translations: translationsInput(texts) })}
        >
          Save the translations
        </Button>
        <Button size="xs" variant="default" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The appeal's updates, newest first, and a short new one (text, its Tamil and Hindi, and a photo). "Mail the donors"
 * sends it once to each person who gave (never to those who unsubscribed or were erased).
 */
export function AppealUpdates({
  appealId,
  status,
  updates,
  onPosted,
}: {
  appealId: number;
  status: Appeal['status'];
  updates: Appeal['updates'];
  onPosted: () => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [translations, setTranslations] = useState<UpdateTexts>(noTexts);
  const [photo, setPhoto] = useState<number | null>(null);
  const [mailDonors, setMailDonors] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const post = staffTrpc.staff.appeals.postUpdate.useMutation({
    onSuccess: async ({ mailed }) => {
      notifications.show({
        color: 'green',
        message: mailDonors
          ? `Update posted and mailed to ${mailed} ${mailed === 1 ? 'donor' : 'donors'}`
          : 'Update posted',
      });
      setText('');
      setTranslations(noTexts());
      setPhoto(null);
      setMailDonors(false);
      setFormKey((key) => key + 1);
      await onPosted();
    },
  });
  const errors = fieldErrorsOf(post.error, (path) => path);
  const photoIds = updates.flatMap((update) => (update.photoImageId === null ? [] : [update.photoImageId]));
  const photos = staffTrpc.staff.images.byIds.useQuery({ ids: photoIds }, { enabled: photoIds.length > 0 });
  const photoOf = (id: number | null) => photos.data?.find((image) => image.id === id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    post.mutate({
      appealId,
      text,
      translations: translationsInput(translations),
      photoImageId: photo ?? undefined,
      mailDonors,
    });
  };

  return (
    <Stack gap="sm">
      {status === 'draft' ? (
        <Text size="sm" c="dimmed">
          Updates can be posted once the appeal is published.
        </Text>
      ) : (
        <Card
          withBorder
          padding="sm"
          component="form"
          onSubmit={submit}
          noValidate
          aria-label="Post an update"
          key={formKey}
        >
          <Stack gap="sm">
            <Textarea
              label="New update"
              description="Plain text, a few lines: how the animal is doing"
              autosize
              minRows={3}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={errors.text ? `Update ${errors.text}` : undefined}
            />
            <TranslationBoxes texts={translations} onChange={setTranslations} errors={errors} />
            <ImageUploadField
              label="Photo (optional)"
              value={photo}
              onChange={(id) => setPhoto(id)}
              error={errors.photoImageId}
            />
            <Checkbox
              label="Mail it to the appeal’s donors (once each; not to those who unsubscribed)"
              checked={mailDonors}
              onChange={(event) => setMailDonors(event.currentTarget.checked)}
            />
            {post.error && Object.keys(errors).length === 0 && <ErrorMessage error={post.error} title="Not posted" />}
            <Group>
              <Button type="submit" loading={post.isPending} disabled={text.trim() === ''}>
                Post the update
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {updates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No updates yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={updates.length - 1}>
          {updates.map((update) => (
            <Timeline.Item key={update.id} title={indiaTime(update.postedAt)}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {update.text}
              </Text>
              {photoOf(update.photoImageId) && (
                <PhotoThumb image={photoOf(update.photoImageId) as ImageRecord} maw={200} />
              )}
              <Text size="xs" c="dimmed">
                by {update.postedBy}
                {update.mailed
                  ? ` · mailed to ${update.mailedCount} ${update.mailedCount === 1 ? 'donor' : 'donors'}`
                  : ' · not mailed'}
              </Text>
              <UpdateTranslations update={update} onSaved={onPosted} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
