import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { LANGUAGE_TAGS } from '../../../shared/languages';
import { fieldErrorsOf } from '../staff/appeals/field-errors';
import { ErrorMessage } from '../staff/ErrorMessage';
import { indiaTime } from '../staff/format';
import { ImageUploadField } from '../staff/images/ImageUploadField';
import { staffTrpc } from '../staff/trpc';

const LANGUAGES = [
  { code: 'ta', label: 'Tamil' },
  { code: 'hi', label: 'Hindi' },
] as const;

/**
 * An update to an animal's sponsors: a few lines in English, in Tamil and Hindi where staff write
 * them (a sponsor gets their language, else the English), and a photo. Mailed at once to each
 * sponsor who agreed to news, with a link to stop; the animal's earlier updates below.
 */
export function SponsorUpdateForm({
  animalId,
  name,
  sponsors,
  onPosted,
}: {
  animalId: number;
  name: string;
  sponsors: number;
  onPosted: () => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [translations, setTranslations] = useState({ ta: '', hi: '' });
  const [photo, setPhoto] = useState<number | null>(null);
  const updates = staffTrpc.staff.sponsorships.updates.useQuery({ animalId });
  const post = staffTrpc.staff.sponsorships.postUpdate.useMutation({
    onSuccess: async ({ mailed }) => {
      notifications.show({
        color: 'green',
        message: `Update posted and mailed to ${mailed} ${mailed === 1 ? 'sponsor' : 'sponsors'}`,
        closeButtonProps: { 'aria-label': 'Close the notice' },
      });
      setText('');
      setTranslations({ ta: '', hi: '' });
      setPhoto(null);
      await Promise.all([onPosted(), updates.refetch()]);
    },
  });
  const errors = fieldErrorsOf(post.error, (path) => path);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    post.mutate({
      animalId,
      text,
      translations: Object.fromEntries(
        LANGUAGES.filter(({ code }) => translations[code].trim() !== '').map(({ code }) => [
          code,
          { text: translations[code] },
        ]),
      ),
      photoImageId: photo ?? undefined,
    });
  };

  return (
    <Stack gap="sm" mb="sm">
      <Title order={2} size="h4">
        News of {name} for {sponsors} {sponsors === 1 ? 'sponsor' : 'sponsors'}
      </Title>
      <form onSubmit={submit} noValidate aria-label={`Post an update to ${name}’s sponsors`}>
        <Stack gap="sm">
          <Textarea
            label="Update (English)"
            description="Plain text, a few lines: how the animal is doing"
            autosize
            minRows={3}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text ? `Update ${errors.text}` : undefined}
          />
          {LANGUAGES.map(({ code, label }) => (
            <Textarea
              key={code}
              label={`${label} (optional)`}
              description={translations[code].trim() === '' ? 'missing — English sent' : undefined}
              lang={LANGUAGE_TAGS[code]}
              autosize
              minRows={2}
              value={translations[code]}
              onChange={(event) => setTranslations({ ...translations, [code]: event.currentTarget.value })}
              error={errors[`translations.${code}.text`]}
            />
          ))}
          <ImageUploadField label="Photo (optional)" value={photo} onChange={(id) => setPhoto(id)} />
          {post.error && Object.keys(errors).length === 0 && <ErrorMessage error={post.error} title="Not posted" />}
          <Group>
            <Button type="submit" loading={post.isPending} disabled={text.trim() === ''}>
              Post and mail to sponsors
            </Button>
          </Group>
        </Stack>
      </form>
      {(updates.data ?? []).map((update) => (
        <Text key={update.id} size="sm">
          <strong>{indiaTime(update.postedAt)}</strong> by {update.postedBy}, mailed to {update.mailedCount}:{' '}
          {update.text}
        </Text>
      ))}
    </Stack>
  );
}
