import { useEffect, useRef, useState } from 'react';
import { useSiteContent } from '../site-content-context';
import { LOGO_DATA_URI } from './logo';
import { NAV_ITEMS } from './nav-items';
import { SiteLink } from './site-navigation';

function NavLinks({ onChoose }: { onChoose?: () => void }) {
  return NAV_ITEMS.map((item) =>
    item.kind === 'route' ? (
      <SiteLink
        key={item.label}
        href={item.to}
        className={item.button ? 'nav-donate' : 'nav-link'}
        markCurrent
        beforeNavigate={onChoose}
      >
        {item.label}
      </SiteLink>
    ) : (
      <SiteLink key={item.label} href={`/#${item.section}`} className="nav-link" beforeNavigate={onChoose}>
        {item.label}
      </SiteLink>
    ),
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
        <SiteLink href="/" className="brand-link" aria-label={`${trust.name}: home`}>
          <img src={LOGO_DATA_URI} alt={`${trust.name} logo`} width={40} height={40} />
          <span>{trust.name}</span>
        </SiteLink>
        <nav aria-label="Main">
          <div className="nav-desktop">
            <NavLinks />
          </div>
          <button
            type="button"
            className="menu-button"
            onClick={() => setOpened(true)}
            aria-label="Open menu"
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
              Menu
            </h2>
            <button type="button" className="menu-close" aria-label="Close menu" onClick={() => setOpened(false)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <nav aria-label="Menu" className="drawer-nav">
            <NavLinks
              onChoose={() => {
                // Close first: the modal makes the page inert, and scrolling needs it back.
                dialogRef.current?.close();
                setOpened(false);
              }}
            />
          </nav>
        </div>
      </dialog>
    </header>
  );
}
