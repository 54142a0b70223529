import { createContext, useContext } from 'react';
import { SITE_URL_TOKEN } from '../shared/site-url-token';

const SiteUrlContext = createContext<string>(SITE_URL_TOKEN);
export const SiteUrlProvider = SiteUrlContext.Provider;

/** The public origin (SITE_URL) without a trailing slash. */
export const useSiteUrl = () => useContext(SiteUrlContext);

/** In the browser: the origin the server wrote into the canonical link, else this page's origin. */
export function readSiteUrl(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return (canonical ? new URL(canonical).origin : window.location.origin).replace(/\/+$/, '');
}
