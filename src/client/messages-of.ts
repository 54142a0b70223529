import type { Language } from '../shared/languages';
import type { Messages } from './i18n';

/**
 * Each language's messages, a chunk of its own: a hydrating page loads its language's alone (with
 * its page chunk, in parallel). A message missing from a language fails the type check here.
 */
export const MESSAGES_OF: Record<Language, () => Promise<Messages>> = {
  en: () => import('./paraglide/messages/en.js'),
  ta: () => import('./paraglide/messages/ta.js'),
  hi: () => import('./paraglide/messages/hi.js'),
};
