import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages';
import { hasPageIn, localizedPath } from '../shared/locale-paths';

/**
 * The language a page is rendered in (`PageData.language`, from its address: `/ta/…`, `/hi/…`)
 * and its messages. The site's own texts are Paraglide messages (messages/**\/*.json), compiled
 * into one module per language (./paraglide/messages/en.js, ta.js, hi.js); a page gets only its
 * own language's module (./messages-of.ts), so Tamil adds nothing to an English page's load and
 * the server renders the three languages' pages side by side. Components ask with useMessages().
 */
export type Messages = typeof import('./paraglide/messages/en.js');
export type MessageKey = keyof Messages;
/** What a message takes (`{ name }`), or nothing. */
type InputsOf<K extends MessageKey> = Parameters<Messages[K]>[0];

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
/**
 * A page's messages: every page provides its language's (PageShell; the router's app, AppShell,
 * English), so no language's texts are bundled where another's are loaded.
 */
const MessagesContext = createContext<Messages | null>(null);

export function LanguageProvider({
  language,
  messages,
  children,
}: {
  language: Language;
  messages: Messages;
  children: React.ReactNode;
}) {
  return (
    <LanguageContext.Provider value={language}>
      <MessagesContext.Provider value={messages}>{children}</MessagesContext.Provider>
    </LanguageContext.Provider>
  );
}

export const useLanguage = () => useContext(LanguageContext);
/** The page's language's messages, for a function that takes them (page-meta.ts). */
export function useMessagesOfPage(): Messages {
  const messages = useContext(MessagesContext);
  if (!messages) throw new Error('a component with texts is rendered outside a LanguageProvider');
  return messages;
}

/** A message in a given language's messages: `say(messages, 'logo_alt', { name })`. */
export function say<K extends MessageKey>(
  messages: Messages,
  key: K,
  ...inputs: keyof InputsOf<K> extends never ? [] : [InputsOf<K>]
): string {
  const message = messages[key] as (inputs: unknown) => string;
  return message(inputs[0] ?? {});
}

/** `t('nav_home')`, `t('logo_alt', { name })`: a message in one language. */
export type Translate = <K extends MessageKey>(
  key: K,
  ...inputs: keyof InputsOf<K> extends never ? [] : [InputsOf<K>]
) => string;

/** The `t` of a language's messages (outside React: a test, the server). */
export const translatorOf =
  (messages: Messages): Translate =>
  (key, ...inputs) =>
    say(messages, key, ...inputs);

/** `t('nav_home')`, `t('logo_alt', { name })`: the message in the page's language. */
export function useMessages(): Translate {
  return translatorOf(useMessagesOfPage());
}

/** Dispatched on `window` by the language switch just before the browser follows its link (a form keeps its values: features/donate/carry-form.ts). */
export const LANGUAGE_SWITCH_EVENT = 'site:language-switch';

/** A path of the site (`/`, `/#about`, `/donate?type=monthly`) in the page's language where that page has it, else as it is (English). */
export function useLocalizedHref(): (href: string) => string {
  const language = useLanguage();
  return (href) => {
    const cut = href.search(/[?#]/);
    const path = (cut === -1 ? href : href.slice(0, cut)) || '/';
    if (!hasPageIn(language, path)) return href;
    return `${localizedPath(language, path)}${cut === -1 ? '' : href.slice(cut)}`;
  };
}
