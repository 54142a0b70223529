import { type ReactNode, useEffect } from 'react';
import type { PageContent } from '../shared/site-content';
import { AppShell } from './AppShell';
import { scrollToSection } from './components/site-navigation';
import { createAppRouter } from './router';

/** Where the window goes once the app shows the new page: its section, or the top. */
function ScrollOnArrival({ section }: { section: string }) {
  useEffect(() => {
    if (section) scrollToSection(section);
    else window.scrollTo({ top: 0, behavior: 'instant' });
  }, [section]);
  return null;
}

/**
 * The router's app at `href`, for a page shell whose link leads elsewhere: the address changes as
 * a navigation would (Back returns to the page), and the app takes over from there, with the
 * content the page was rendered with.
 */
export async function openInApp(href: string, siteUrl: string, content: PageContent): Promise<ReactNode> {
  window.history.pushState(null, '', href);
  const router = createAppRouter();
  await router.load();
  return (
    <>
      <AppShell router={router} siteUrl={siteUrl} content={content} />
      <ScrollOnArrival section={new URL(href, window.location.origin).hash.slice(1)} />
    </>
  );
}
