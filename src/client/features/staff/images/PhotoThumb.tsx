import { Box } from '@mantine/core';
import type { ImageRecord } from '../../../../shared/images';
import { ResponsiveImage } from '../../../components/ResponsiveImage';

/** A photo as a tile of the console's lists (4:3, cropped to fill): the small variants only. */
export function PhotoThumb({ image, maw }: { image: ImageRecord; maw?: number }) {
  return (
    <Box maw={maw} w="100%">
      <ResponsiveImage
        image={image}
        sizes="(min-width: 48em) 16rem, 50vw"
        style={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 4 }}
      />
    </Box>
  );
}
