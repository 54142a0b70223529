import type { Language } from '../shared/languages';
import type { Messages } from './i18n';
import * as en from './paraglide/messages/en.js';
import * as hi from './paraglide/messages/hi.js';
import * as ta from './paraglide/messages/ta.js';

/** Every language's messages at once: for the server's rendering (entry-server.tsx) only, never a browser chunk. */
export const ALL_MESSAGES: Record<Language, Messages> = { en, ta, hi };
