import { useEffect, useRef, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES } from '../../shared/languages';
import { splitLanguage, switchTarget } from '../../shared/locale-paths';
import { LANGUAGE_SWITCH_EVENT, useLanguage, useLocalizedHref, useMessages } from '../i18n';
import { useSiteContent } from '../site-content-context';
import { logoDataUri } from './logo';
import { NAV_ITEMS } from './nav-items';
import { SiteLink, useSiteNavigation } from './site-navigation';

function NavLinks({ onChoose }: { onChoose?: () => void }) {
  const t = useMessages();
  const href = useLocalizedHref();
  return NAV_ITEMS.map((item) =>
    item.kind === 'route' ? (
      <SiteLink
        key={item.to}
        href={href(item.to)}
        className={item.button ? 'nav-donate' : 'nav-link'}
        markCurrent
        beforeNavigate={onChoose}
      >
        {t(item.label)}
      </SiteLink>
    ) : (
      <SiteLink key={item.section} href={href(`/#${item.section}`)} className="nav-link" beforeNavigate={onChoose}>
        {t(item.label)}
      </SiteLink>
    ),
  );
}

/**
 * The same page in each language (or that language's home page, where the page is English only):
 * plain links, so the other language's page loads as a page of its own, its own fonts and all.
 * Each name is written in its own language and marked so (`lang`), the current one aria-current.
 */
export function LanguageSwitch() {
  const t = useMessages();
  const language = useLanguage();
  const { path } = splitLanguage(useSiteNavigation().pathname);
  return (
    <nav aria-label={t('language_switch')} className="language-switch">
      <ul>
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={switchTarget(code, path)}
              // A form on the page (donate) keeps what was typed for the same form in the other language.
              onClick={() => window.dispatchEvent(new Event(LANGUAGE_SWITCH_EVENT))}
              lang={LANGUAGE_TAGS[code]}
              hrefLang={LANGUAGE_TAGS[code]}
              aria-current={code === language ? 'page' : undefined}
            >
              {LANGUAGE_NAMES[code]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The small-screen menu is a native modal <dialog>: the browser traps focus, closes it on Escape
 * and makes the page behind it inert, at no cost to the home page's script budget (a Mantine
 * Drawer with its scroll lock and portal weighs about 25 KB gzip).
 */
export function SiteHeader() {
  const [opened, setOpened] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { trust } = useSiteContent();
  const t = useMessages();
  const href = useLocalizedHref();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (opened && !dialog.open) dialog.showModal();
    if (!opened && dialog.open) dialog.close();
  }, [opened]);

  return (
    <header className="site-header">
      <div className="container header-bar">
        {/* Not marked aria-current: the navigation's Home says it already. */}
        <SiteLink href={href('/')} className="brand-link" aria-label={t('brand_home', { name: trust.name })}>
          <img src={logoDataUri(trust.name)} alt={t('logo_alt', { name: trust.name })} width={40} height={40} />
          <span>{trust.name}</span>
        </SiteLink>
        <LanguageSwitch />
        <nav aria-label={t('nav_main')}>
          <div className="nav-desktop">
            <NavLinks />
          </div>
          <button
            type="button"
            className="menu-button"
            onClick={() => setOpened(true)}
            aria-label={t('menu_open')}
            aria-expanded={opened}
            aria-controls="site-menu"
            aria-haspopup="dialog"
          >
            <span className="menu-icon" aria-hidden="true" />
          </button>
        </nav>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; keyboards close the dialog with Escape, natively. */}
      <dialog
        id="site-menu"
        ref={dialogRef}
        className="menu-drawer"
        aria-labelledby="site-menu-title"
        onClose={() => setOpened(false)}
        onClick={(event) => {
          // A click on the backdrop lands on the <dialog> itself, outside its panel.
          if (event.target === event.currentTarget) setOpened(false);
        }}
      >
        <div className="menu-panel">
          <div className="menu-head">
            <h2 id="site-menu-title" className="menu-title">
              {t('menu_title')}
            </h2>
            <button type="button" className="menu-close" aria-label={t('menu_close')} onClick={() => setOpened(false)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <nav aria-label={t('menu_title')} className="drawer-nav">
            <NavLinks
              onChoose={() => {
                // Close first: the modal makes the page inert, and scrolling needs it back.
                dialogRef.current?.close();
                setOpened(false);
              }}
            />
          </nav>
          <LanguageSwitch />
        </div>
      </dialog>
    </header>
  );
}
