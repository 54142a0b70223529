import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { IMAGE_ALT_MAX_LENGTH } from '../../../../shared/images';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { PhotoThumb } from './PhotoThumb';
import { PhotoUploader } from './PhotoUploader';

type PhotoRow = inferRouterOutputs<AppRouter>['staff']['images']['list']['rows'][number];

const PAGE_SIZE = 24;

/**
 * The trust's photos for appeals and the website: upload from a phone with a description, see them
 * all, correct a description, delete one nothing uses.
 */
export function ImagesPage() {
  useStaffTitle('Photos');
  const utils = staffTrpc.useUtils();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string>();
  const [editing, setEditing] = useState<PhotoRow>();
  const [deleting, setDeleting] = useState<PhotoRow>();
  const list = staffTrpc.staff.images.list.useQuery(
    { page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        Photos
      </Title>
      <Text size="sm">
        Photos for appeals and the website. Describe each one for people who cannot see it. Where a photo was taken and
        the phone’s details are removed when it is uploaded; JPEG, PNG or WebP, up to 15 MB.
      </Text>
      <Card withBorder padding="md">
        <PhotoUploader
          onUploaded={async (image, created) => {
            setNotice(
              created
                ? 'Uploaded: it is first in the list below.'
                : `This photo had been uploaded before, described as “${image.alt}”.`,
            );
            setPage(1);
            await utils.staff.images.list.invalidate();
          }}
        />
      </Card>
      {notice && (
        <Alert color="green" variant="light" withCloseButton onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      )}
      <ErrorMessage error={list.error} />
      {list.data?.total === 0 && <Text>No photos yet.</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {list.data?.rows.map((row) => (
          <Card key={row.id} withBorder padding="sm">
            <Card.Section>
              <PhotoThumb image={row} />
            </Card.Section>
            <Stack gap={6} mt="sm">
              <Text size="sm">{row.alt}</Text>
              <Text size="xs" c="dimmed">
                Uploaded by {row.createdBy}, {indiaTime(row.createdAt)}
              </Text>
              <Group gap="xs">
                {row.used && (
                  <Badge color="blue" variant="light">
                    In use
                  </Badge>
                )}
                <Button size="xs" variant="light" onClick={() => setEditing(row)}>
                  Edit description
                </Button>
                {!row.used && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(row)}>
                    Delete
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
      {/* Keyed by the photo: each opening starts from that photo's description. */}
      <EditAltModal key={editing?.id ?? 0} row={editing} onClose={() => setEditing(undefined)} />
      <DeleteModal row={deleting} onClose={() => setDeleting(undefined)} />
    </Stack>
  );
}

function EditAltModal({ row, onClose }: { row: PhotoRow | undefined; onClose: () => void }) {
  const utils = staffTrpc.useUtils();
  const [alt, setAlt] = useState(row?.alt ?? '');
  const update = staffTrpc.staff.images.updateAlt.useMutation({
    onSuccess: async () => {
      onClose();
      await Promise.all([utils.staff.images.list.invalidate(), utils.staff.images.byIds.invalidate()]);
    },
  });
  return (
    <Modal opened={row !== undefined} onClose={onClose} title="Edit the description">
      {row && (
        <Stack gap="sm">
          <PhotoThumb image={row} maw={320} />
          <Textarea
            label="Describe the photo"
            description="Who or what it shows, and what is happening"
            required
            rows={3}
            maxLength={IMAGE_ALT_MAX_LENGTH}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
            data-autofocus
          />
          <ErrorMessage error={update.error} title="Not saved" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={update.isPending}
              disabled={alt.trim() === ''}
              onClick={() => update.mutate({ id: row.id, alt })}
            >
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DeleteModal({ row, onClose }: { row: PhotoRow | undefined; onClose: () => void }) {
  const utils = staffTrpc.useUtils();
  const remove = staffTrpc.staff.images.delete.useMutation({
    onSuccess: async () => {
      onClose();
      await utils.staff.images.list.invalidate();
    },
  });
  return (
    <Modal opened={row !== undefined} onClose={onClose} title="Delete this photo?" onExitTransitionEnd={remove.reset}>
      {row && (
        <Stack gap="sm">
          <PhotoThumb image={row} maw={320} />
          <Text size="sm">It will be gone from the console for good. Nothing on the site uses it.</Text>
          <ErrorMessage error={remove.error} title="Not deleted" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: row.id })}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
