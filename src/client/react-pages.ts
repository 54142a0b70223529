import type { ComponentType } from 'react';
import { APPEAL_PATH } from '../shared/locale-paths';
import type { PageMetaName } from './page-meta';

/** A donor-facing page that needs React (a form, a fetch), in a chunk of its own. */
export interface ReactPage {
  /** The page's module as Vite's build manifest names it: the prerender links its stylesheets. */
  chunk: string;
  /** Its title and link preview in page-meta.ts, for the rendered <head> (a name: the entry imports this file, and must not bring the site's texts). */
  meta: PageMetaName;
  load: () => Promise<ComponentType>;
}

/**
 * The pages that need React; the others (home, 404) are plain HTML. Each is prerendered with the
 * site's layout (entry-server.tsx) and hydrated without the router (hydrate-page.tsx), and the
 * router serves it too (router.tsx: the dev server, client-side navigation). A new page is one
 * entry here and one in page-meta.ts (its title and link preview); the server renders and serves
 * every path listed here (server/transports/web/site-pages.ts). A page reads its URL in an effect, never while
 * rendering: the prerendered HTML knows no query string.
 */
export const REACT_PAGES: Record<string, ReactPage> = {
  '/donate': {
    chunk: 'features/donate/DonateRoute.tsx',
    meta: 'donate',
    load: () => import('./features/donate/DonateRoute').then((module) => module.DonateRoute),
  },
  '/my-giving': {
    chunk: 'features/my-giving/MyGivingRoute.tsx',
    meta: 'myGiving',
    load: () => import('./features/my-giving/MyGivingRoute').then((module) => module.MyGivingRoute),
  },
  // The application forms (features/apply/): one chunk for the four.
  '/apply/adopt': {
    chunk: 'features/apply/ApplyRoute.tsx',
    meta: 'applyAdopt',
    load: () => import('./features/apply/ApplyRoute').then((module) => module.AdoptApplyRoute),
  },
  '/foster': {
    chunk: 'features/apply/ApplyRoute.tsx',
    meta: 'applyFoster',
    load: () => import('./features/apply/ApplyRoute').then((module) => module.FosterApplyRoute),
  },
  '/volunteer': {
    chunk: 'features/apply/ApplyRoute.tsx',
    meta: 'applyVolunteer',
    load: () => import('./features/apply/ApplyRoute').then((module) => module.VolunteerApplyRoute),
  },
  '/partner': {
    chunk: 'features/apply/ApplyRoute.tsx',
    meta: 'applyPartner',
    load: () => import('./features/apply/ApplyRoute').then((module) => module.PartnerApplyRoute),
  },
};

/**
 * An appeal's page, `/appeals/<slug>`: rendered by the server on demand with the appeal's figures
 * (server/transports/web/appeal-pages.ts), never at build time, and hydrated with the appeal it was rendered with.
 */
export const APPEAL_PAGE: Pick<ReactPage, 'chunk' | 'load'> = {
  chunk: 'features/appeals/AppealRoute.tsx',
  load: () => import('./features/appeals/AppealRoute').then((module) => module.AppealRoute),
};

export { APPEAL_PATH };

/** The React page at `pathname` (a trailing slash allowed), with the path it is listed under. */
/** `/adopt/<slug>/apply`: the slug as animal-routes.ts accepts it. */
const ANIMAL_APPLY_PATH = /^\/adopt\/[a-z0-9]+(?:-[a-z0-9]+)*\/apply$/;

export function reactPageAt(pathname: string): { path: string; page: Pick<ReactPage, 'chunk' | 'load'> } | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (APPEAL_PATH.test(path)) return { path, page: APPEAL_PAGE };
  // An animal's own adoption form (`/adopt/<slug>/apply`) is the adoption form's page, served as it.
  if (ANIMAL_APPLY_PATH.test(path)) return { path: '/apply/adopt', page: REACT_PAGES['/apply/adopt'] as ReactPage };
  const page = REACT_PAGES[path];
  return page && { path, page };
}
