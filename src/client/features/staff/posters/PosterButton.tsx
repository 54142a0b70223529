import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/languages';
import { POSTER_SIZES, type PosterSize } from '../../../../shared/poster.schema';

const SIZE_HINTS: Record<PosterSize, string> = {
  A4: 'A4: a wall or a shelter counter',
  A5: 'A5: a table at an event, a shop counter',
};

interface PosterButtonProps {
  /** The poster's download, without its query: `/staff/api/posters/donate.pdf`. */
  href: string;
  /** What it is a poster of, in the dialog's title: "the donate page", "this appeal". */
  of: string;
}

/**
 * "Poster": the paper and the language chosen in a dialog, then the PDF downloaded (a plain route of
 * the server's, transports/routes/poster-files.ts). Its QR code opens the page in that language.
 */
export function PosterButton({ href, of }: PosterButtonProps) {
  const [opened, setOpened] = useState(false);
  const [size, setSize] = useState<PosterSize>('A4');
  const [language, setLanguage] = useState<Language>('en');
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Poster
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`A poster of ${of}`}>
        <Stack gap="sm">
          <Text size="sm">
            A printable PDF with the photo, the title, the amounts and a QR code of the page. Gifts made after scanning
            it count as gifts on the page itself.
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="poster-size">
              Paper
            </Text>
            <SegmentedControl
              aria-labelledby="poster-size"
              value={size}
              onChange={(value) => setSize(value as PosterSize)}
              data={POSTER_SIZES.map((value) => ({ value, label: value }))}
            />
            <Text size="xs" c="dimmed">
              {SIZE_HINTS[size]}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="poster-language">
              Language
            </Text>
            <SegmentedControl
              aria-labelledby="poster-language"
              value={language}
              onChange={(value) => setLanguage(value as Language)}
              data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            />
            <Text size="xs" c="dimmed">
              The poster's words and its QR code's page are in this language; what has no translation is in English.
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Close
            </Button>
            <Button component="a" href={`${href}?size=${size}&language=${language}`} download c="white">
              Download the PDF
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
