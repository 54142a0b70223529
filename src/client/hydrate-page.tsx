import { type ComponentType, StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Messages } from './i18n';
import { PageShell } from './page-shell';
import { readPageContent, readPageData } from './site-content-context';
import { readSiteUrl } from './site-url';

/**
 * Hydrates a prerendered React page (REACT_PAGES) in the layout it was rendered in, without the
 * router, with the site content the server rendered it with (the page's embedded JSON), in its
 * language with that language's messages (loaded beside the page's chunk: ../main.tsx).
 */
export function hydratePage(path: string, page: ComponentType, messages: Messages): void {
  const container = document.getElementById('root');
  const content = readPageContent();
  // A prerendered React page always embeds its data; without it there is nothing to hydrate with.
  if (!container || !content) return;
  // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser in
  // between, instead of one long task that would keep a slow phone from answering a tap.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <PageShell
          path={path}
          page={page}
          siteUrl={readSiteUrl()}
          content={content}
          language={readPageData()?.language}
          messages={messages}
        />
      </StrictMode>,
    );
  });
}
