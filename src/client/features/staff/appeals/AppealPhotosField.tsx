import { ActionIcon, Group, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAX_APPEAL_PHOTOS } from '../../../../shared/appeals.schema';
import { ErrorMessage } from '../ErrorMessage';
import { ImageUploadField } from '../images/ImageUploadField';
import { PhotoThumb } from '../images/PhotoThumb';
import { staffTrpc } from '../trpc';

/**
 * The appeal's photos in the order the page shows them (the first is its main photo and its link
 * preview's): each can move earlier or later or be removed; a new one is uploaded from the phone or
 * chosen from those uploaded before (the console's image picker).
 */
export function AppealPhotosField({
  value,
  onChange,
  error,
  description = 'The first is the appeal’s main photo, shown in link previews on WhatsApp',
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  /** What the first photo is for (an animal's record reuses this field). */
  description?: string;
}) {
  const images = staffTrpc.staff.images.byIds.useQuery({ ids: value }, { enabled: value.length > 0 });
  const byId = new Map((images.data ?? []).map((image) => [image.id, image]));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as number);
    onChange(next);
  };
  return (
    <Input.Wrapper label="Photos" description={description} error={error}>
      <Stack gap="xs" mt={4}>
        <ErrorMessage error={images.error} />
        {value.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {value.map((id, index) => {
              const image = byId.get(id);
              return (
                <Stack key={id} gap={4}>
                  {image ? (
                    <PhotoThumb image={image} />
                  ) : (
                    <Text size="xs" c="dimmed">
                      {images.isLoading ? 'Loading…' : `Photo ${id} no longer exists`}
                    </Text>
                  )}
                  <Text size="xs" lineClamp={2}>
                    {index === 0 ? 'Main photo · ' : ''}
                    {image?.alt ?? ''}
                  </Text>
                  <Group gap={4}>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move photo ${index + 1} earlier`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ←
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move photo ${index + 1} later`}
                      disabled={index === value.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      →
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove photo ${index + 1}`}
                      onClick={() => onChange(value.filter((other) => other !== id))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Stack>
              );
            })}
          </SimpleGrid>
        )}
        {value.length < MAX_APPEAL_PHOTOS && (
          <ImageUploadField
            label={value.length === 0 ? 'Add the main photo' : 'Add a photo'}
            value={null}
            onChange={(id) => {
              if (id !== null && !value.includes(id)) onChange([...value, id]);
            }}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
