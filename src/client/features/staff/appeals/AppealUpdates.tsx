import { Button, Card, Checkbox, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { RouterOutputs } from '../../../../server/trpc/router';
import type { ImageRecord } from '../../../../shared/images';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { ImageUploadField } from '../images/ImageUploadField';
import { PhotoThumb } from '../images/PhotoThumb';
import { staffTrpc } from '../trpc';
import { fieldErrorsOf } from './AppealForm';

type Appeal = RouterOutputs['staff']['appeals']['get'];

/**
 * The appeal's updates, newest first, and a short new one (text and a photo). "Mail the donors"
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
    post.mutate({ appealId, text, photoImageId: photo ?? undefined, mailDonors });
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
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
