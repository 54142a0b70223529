import { Alert, Button, FileButton, Group, Image, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { IMAGE_ALT_MAX_LENGTH, type ImageRecord } from '../../../../shared/images';
import { previewOf, uploadImage } from './upload-image';

export interface PhotoUploaderProps {
  /** A photo is kept: `created` false when it had been uploaded before (the same photo). */
  onUploaded: (image: ImageRecord, created: boolean) => void;
  onCancel?: () => void;
}

/**
 * Take or choose a photo, describe it, send it. On a phone "Take a photo" opens the camera and
 * "Choose a photo" the gallery (or the camera too: the phone offers both for `image/*`).
 */
export function PhotoUploader({ onUploaded, onCancel }: PhotoUploaderProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>();
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();

  const choose = async (chosen: File | null) => {
    setError(undefined);
    setFile(chosen);
    setPreview(chosen ? await previewOf(chosen) : undefined);
  };
  const reset = () => {
    setFile(null);
    setPreview(undefined);
    setAlt('');
    setProgress(null);
  };
  const send = async () => {
    if (!file) return;
    if (alt.trim() === '') {
      setError('Describe the photo first: people who cannot see it hear this description');
      return;
    }
    setError(undefined);
    setProgress(0);
    const outcome = await uploadImage(file, alt.trim(), setProgress);
    setProgress(null);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    reset();
    onUploaded(outcome.image, outcome.created);
  };
  const sending = progress !== null;

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <FileButton onChange={choose} accept="image/*" capture="environment" disabled={sending}>
          {(props) => <Button {...props}>Take a photo</Button>}
        </FileButton>
        <FileButton onChange={choose} accept="image/*" disabled={sending}>
          {(props) => (
            <Button variant="default" {...props}>
              Choose a photo
            </Button>
          )}
        </FileButton>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        )}
      </Group>
      {file && (
        <>
          {preview ? <Image src={preview} alt="" maw={320} radius="sm" /> : <Text size="sm">Chosen: {file.name}</Text>}
          <Textarea
            label="Describe the photo"
            description="For people who cannot see it: who or what it shows, and what is happening. For example: “Bruno, a brown dog, resting after his surgery”."
            required
            rows={3}
            maxLength={IMAGE_ALT_MAX_LENGTH}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
            disabled={sending}
          />
          <Group gap="sm">
            <Button onClick={send} loading={sending} disabled={alt.trim() === ''}>
              Upload photo
            </Button>
          </Group>
          {sending && (
            <Stack gap={4}>
              <Progress value={(progress ?? 0) * 100} aria-label="Upload progress" />
              <Text size="sm" c="dimmed" aria-live="polite">
                {(progress ?? 0) < 1
                  ? `Uploading… ${Math.round((progress ?? 0) * 100)}%`
                  : 'Making the sizes for phones and computers…'}
              </Text>
            </Stack>
          )}
        </>
      )}
      {error && (
        <Alert color="red" title="Not uploaded" role="alert" variant="light">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
