import { Card, Group, Loader, SegmentedControl, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/languages';
import { localizedPath } from '../../../../shared/locale-paths';
import type { SITE_CONTENT_PREVIEW_PAGES } from '../../../../shared/site-content.schema';
import { TRANSLATED_LANGUAGES } from '../../../../shared/site-content-languages';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { LANGUAGE_IN_ENGLISH } from './translations';

const PREVIEW_PAGES = [
  { value: '/', label: 'Home page' },
  { value: '/donate', label: 'Donate page' },
  { value: '/privacy', label: 'Privacy notice' },
] as const;

type PreviewPage = (typeof SITE_CONTENT_PREVIEW_PAGES)[number];

/** A saved draft as a page of the site, in a language (the one being edited, until another is chosen). */
export function Preview({ id, editing }: { id: number; editing: Language }) {
  const [page, setPage] = useState<'/' | '/donate'>('/');
  const [language, setLanguage] = useState<Language>(editing);
  useEffect(() => setLanguage(editing), [editing]);
  const path = localizedPath(language, page) as PreviewPage;
  const preview = staffTrpc.staff.siteContent.preview.useQuery({ id, page: path });
  const named = `${page === '/' ? 'home' : 'donate'} page${language === DEFAULT_LANGUAGE ? '' : ` in ${LANGUAGE_IN_ENGLISH[language]}`}`;
  return (
    <Card withBorder padding="sm" component="section" aria-label="Preview">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          Preview of draft {id}
        </Title>
        <Group gap="xs">
          <SegmentedControl
            aria-label="Page previewed"
            value={page}
            onChange={(value) => setPage(value as '/' | '/donate')}
            data={PREVIEW_PAGES.map((item) => ({ ...item }))}
          />
          <SegmentedControl
            aria-label="Language previewed"
            value={language}
            onChange={(value) => setLanguage(value as Language)}
            data={[DEFAULT_LANGUAGE, ...TRANSLATED_LANGUAGES].map((value) => ({
              value,
              label: LANGUAGE_IN_ENGLISH[value],
            }))}
          />
        </Group>
      </Group>
      <ErrorMessage error={preview.error} />
      {preview.isLoading && <Loader role="status" aria-label="Loading the preview" />}
      {preview.data && (
        // Sandboxed: the page is looked at here, never run (the server sends it without scripts).
        <iframe
          title={`Preview of the ${named}`}
          sandbox=""
          srcDoc={preview.data.html}
          style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
        />
      )}
    </Card>
  );
}
