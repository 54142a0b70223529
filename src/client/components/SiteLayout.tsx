import type { ReactNode } from 'react';
import { useMessages } from '../i18n';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Every donor-facing page: skip link, header, the page, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const t = useMessages();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('skip_to_content')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
