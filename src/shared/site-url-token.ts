/**
 * Where the public origin (SITE_URL) belongs in the prerendered pages: scripts/prerender.ts writes
 * this token into canonical and Open Graph URLs and share links, and the server replaces it with its
 * SITE_URL when it loads the pages, so one build serves any origin.
 */
export const SITE_URL_TOKEN = '__SITE_URL__';
