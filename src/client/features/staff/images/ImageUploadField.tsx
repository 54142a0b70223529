import { Button, Group, Input, Modal, Pagination, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImageRecord } from '../../../../shared/images';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { PhotoThumb } from './PhotoThumb';
import { PhotoUploader } from './PhotoUploader';

const PICKER_PAGE_SIZE = 12;

export interface ImageUploadFieldProps {
  label: string;
  description?: string;
  /** The chosen photo's id (what the form keeps), or null. */
  value: number | null;
  /** A photo uploaded or chosen (its id and what shows it), or null when removed. */
  onChange: (id: number | null, image: ImageRecord | null) => void;
  /** Without it the field offers "Remove". */
  required?: boolean;
  error?: string;
}

/**
 * A form's photo: upload a new one (taken or chosen on the phone, with its description) or choose
 * one uploaded before, and get its id. For the appeal editor, its updates, the site's content.
 * The feature that saves the id records the use (server: platform/images/image-uses.ts setImageUses), so
 * the photo cannot be deleted while in use.
 */
export function ImageUploadField({ label, description, value, onChange, required, error }: ImageUploadFieldProps) {
  const [mode, setMode] = useState<'idle' | 'upload' | 'choose'>('idle');
  const chosen = staffTrpc.staff.images.byIds.useQuery({ ids: value ? [value] : [] }, { enabled: value !== null });
  const image = value === null ? undefined : chosen.data?.[0];
  const pick = (picked: ImageRecord) => {
    onChange(picked.id, picked);
    setMode('idle');
  };

  return (
    <Input.Wrapper label={label} description={description} required={required} error={error}>
      <Stack gap="xs" mt={4}>
        <ErrorMessage error={chosen.error} />
        {image && (
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <PhotoThumb image={image} maw={200} />
            <Text size="sm" style={{ flex: 1 }}>
              {image.alt}
            </Text>
          </Group>
        )}
        {value !== null && !image && !chosen.isLoading && (
          <Text size="sm" c="red">
            The chosen photo has been deleted: choose another.
          </Text>
        )}
        {mode === 'upload' ? (
          <PhotoUploader onUploaded={(uploaded) => pick(uploaded)} onCancel={() => setMode('idle')} />
        ) : (
          <Group gap="sm">
            <Button variant="light" onClick={() => setMode('upload')}>
              {value === null ? 'Upload a photo' : 'Upload another photo'}
            </Button>
            <Button variant="default" onClick={() => setMode('choose')}>
              Choose an uploaded photo
            </Button>
            {value !== null && !required && (
              <Button variant="subtle" color="red" onClick={() => onChange(null, null)}>
                Remove
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ImagePickerModal opened={mode === 'choose'} onClose={() => setMode('idle')} onPick={pick} />
    </Input.Wrapper>
  );
}

/** The photos uploaded so far, newest first: tap one to choose it. */
export function ImagePickerModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (image: ImageRecord) => void;
}) {
  const [page, setPage] = useState(1);
  const list = staffTrpc.staff.images.list.useQuery(
    { page, pageSize: PICKER_PAGE_SIZE },
    { enabled: opened, placeholderData: keepPreviousData },
  );
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PICKER_PAGE_SIZE));
  return (
    <Modal opened={opened} onClose={onClose} title="Choose a photo" size="xl">
      <Stack gap="sm">
        <ErrorMessage error={list.error} />
        {list.data?.total === 0 && <Text size="sm">No photos yet: upload one.</Text>}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {list.data?.rows.map((row) => (
            <UnstyledButton key={row.id} onClick={() => onPick(row)} aria-label={`Choose: ${row.alt}`}>
              <PhotoThumb image={row} />
              <Text size="xs" lineClamp={2} mt={4}>
                {row.alt}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Stack>
    </Modal>
  );
}
