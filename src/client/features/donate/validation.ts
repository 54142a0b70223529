/*
 * The form's validation (./validate-donation.ts: the shared zod schema, about 25 KB gzip) is a chunk
 * of its own: nothing is validated before the donor submits, so the page renders and hydrates
 * without it. It is fetched once the donor starts on the form (./preload-on-first-interaction.ts),
 * and a submit awaits it.
 */
export const loadValidation = () => import('./validate-donation');
