import { Fragment } from 'react';
import { type MessageKey, useLocalizedHref, useMessages } from '../i18n';
import { useSiteContent } from '../site-content-context';
import { SiteLink } from './site-navigation';

// The ways to get involved, each its page: the application forms (features/apply/) and /adopt, all
// pages of the server in the footer's language.
const GET_INVOLVED: [MessageKey, string][] = [
  ['footer_volunteer', '/volunteer'],
  ['footer_foster', '/foster'],
  ['footer_adopt', '/adopt'],
  ['footer_partner', '/partner'],
];

/** The policy pages (shared/policy-pages.ts), in the footer's language. */
const POLICY_LINKS: [string, MessageKey][] = [
  ['/privacy', 'footer_privacy'],
  ['/terms', 'footer_terms'],
  ['/refunds', 'footer_refunds'],
  ['/contact', 'footer_contact_page'],
];

export function SiteFooter() {
  const { trust, footer } = useSiteContent();
  const t = useMessages();
  const href = useLocalizedHref();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <p className="footer-brand">{trust.name}</p>
            <p>{trust.blurb}</p>
          </div>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className="footer-title">
              {t('footer_quick_links')}
            </h2>
            <ul className="footer-list">
              <li>
                <SiteLink href={href('/#about')}>{t('footer_about')}</SiteLink>
              </li>
              <li>
                <SiteLink href={href('/#services')}>{t('footer_services')}</SiteLink>
              </li>
              <li>
                <SiteLink href={href('/donate')} markCurrent>
                  {t('footer_donate')}
                </SiteLink>
              </li>
              <li>
                <SiteLink href={href('/#contact')}>{t('footer_contact')}</SiteLink>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="footer-title">{t('footer_get_involved')}</h2>
            <ul className="footer-list">
              {GET_INVOLVED.map(([label, path]) => (
                <li key={label}>
                  {/* A plain link: these are pages of the server (/adopt's filters a GET form), never the router's. */}
                  <a href={href(path)}>{t(label)}</a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="footer-bottom">
          {t('footer_rights', { year: footer.copyrightYear, name: trust.name })}{' '}
          {POLICY_LINKS.map(([path, label], index) => (
            <Fragment key={path}>
              {index > 0 ? ' · ' : null}
              {/* A plain link: the policy pages are static pages of the server, never the router's. */}
              <a href={href(path)}>{t(label)}</a>
            </Fragment>
          ))}
        </p>
      </div>
    </footer>
  );
}
