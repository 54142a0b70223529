import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages';
import { hasPageIn, localizedPath } from '../shared/locale-paths';

/**
 * The language a page is rendered in (`PageData.language`, from its address: `/ta/…`, `/hi/…`).
 * The site's own texts are Paraglide messages (messages/*.json, compiled into ./paraglide); a
 * component asks for them in this language with useMessages(), never from a global locale, so the
 * server renders the three languages' pages side by side.
 */
const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
export const LanguageProvider = LanguageContext.Provider;
export const useLanguage = () => useContext(LanguageContext);

/** A compiled message: its inputs, and the locale to speak. */
type Message<Inputs> = (inputs: Inputs, options?: { locale?: Language }) => string;

/** `t(m.nav_home)`, `t(m.logo_alt, { name })`: the message in the page's language. */
export function useMessages() {
  const language = useLanguage();
  function t(message: Message<Record<string, never>>): string;
  function t<Inputs>(message: Message<Inputs>, inputs: Inputs): string;
  function t<Inputs>(message: Message<Inputs>, inputs?: Inputs): string {
    return message(inputs ?? ({} as Inputs), { locale: language });
  }
  return t;
}

/** A path of the site (`/`, `/#about`) in the page's language where that page has it, else as it is (English). */
export function useLocalizedHref(): (href: string) => string {
  const language = useLanguage();
  return (href) => {
    const [path = '/', hash] = href.split('#');
    if (!hasPageIn(language, path)) return href;
    return `${localizedPath(language, path)}${hash === undefined ? '' : `#${hash}`}`;
  };
}
