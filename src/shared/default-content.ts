import { DEFAULT_ENGLISH_CONTENT, type EditableContent } from './site-content';
import { DEFAULT_TRANSLATIONS } from './site-content-default-translations';

/**
 * The site's first version, shown until staff publish one: the English texts (./site-content.ts)
 * with their Tamil and Hindi (./site-content-default-translations.ts). A module of its own because
 * the pages' bundle imports site-content.ts: only the server and the console read this one, so no
 * page carries every language's texts.
 */
export const DEFAULT_CONTENT: EditableContent = { ...DEFAULT_ENGLISH_CONTENT, translations: DEFAULT_TRANSLATIONS };
