import { act } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../shared/languages';
import { pageContentOf, siteContent } from '../../../shared/site-content';
import { SITE_URL_TOKEN } from '../../../shared/site-url-token';
import { ALL_MESSAGES } from '../../all-messages';
import { PageShell } from '../../page-shell';
import { ShareDonateLink } from './ShareDonateLink';

/**
 * The share links as the server sends them and as the browser renders them must be the same: the
 * server renders with SITE_URL_TOKEN and fills in SITE_URL in the finished HTML (server/transports/web/pages.ts),
 * the browser renders with its origin. A different href is a hydration mismatch on every donate page
 * (production React does not report it, and keeps the server's href).
 */

const ORIGIN = 'https://rescue.example.org';
const content = pageContentOf(siteContent);
const SharePage = () => <ShareDonateLink />;

const shell = (language: Language, siteUrl: string) => (
  <PageShell
    path={language === 'en' ? '/donate' : `/${language}/donate`}
    page={SharePage}
    siteUrl={siteUrl}
    content={content}
    language={language}
    messages={ALL_MESSAGES[language]}
  />
);

/** The page as the server sends it: rendered with the token, SITE_URL filled in after. */
const serverHtml = (language: Language) =>
  renderToString(shell(language, SITE_URL_TOKEN)).replaceAll(SITE_URL_TOKEN, ORIGIN);

const whatsappHref = (root: HTMLElement) => root.querySelector('a[href^="https://wa.me/"]')?.getAttribute('href');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the share links of the donate page', () => {
  it.each(['en', 'ta', 'hi'] as const)(
    '%s: the server’s WhatsApp href is the browser’s, and hydrates without a mismatch',
    async (language) => {
      const served = document.createElement('div');
      served.innerHTML = serverHtml(language);
      const fresh = document.createElement('div');
      const freshRoot = createRoot(fresh);
      await act(async () => freshRoot.render(shell(language, ORIGIN)));
      expect(whatsappHref(served)).toBeTruthy();
      expect(whatsappHref(fresh)).toBe(whatsappHref(served));
      act(() => freshRoot.unmount());

      // Hydrating the server's HTML: React's development build reports a mismatched attribute.
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      document.body.append(served);
      const recoverable: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(served, shell(language, ORIGIN), { onRecoverableError: (error) => recoverable.push(error) }),
      );
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
      expect(recoverable).toEqual([]);
      act(() => root.unmount());
    },
  );

  it.each(['ta', 'hi'] as const)('/%s/donate shares its own address, not the English /donate', (language) => {
    const served = document.createElement('div');
    served.innerHTML = serverHtml(language);
    const url = `${ORIGIN}/${language}/donate`;
    expect(served.querySelector('input')?.getAttribute('value')).toBe(url);
    const href = new URL(whatsappHref(served) as string);
    expect(href.searchParams.get('text')).toBe(`${content.donate.shareText} ${url}`);
  });
});
