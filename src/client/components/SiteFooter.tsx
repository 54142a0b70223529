import { useSiteContent } from '../site-content-context';
import { SiteLink } from './site-navigation';

// Placeholders the trust has not written pages for yet: links with no target until those pages exist.
const GET_INVOLVED = ['Volunteer', 'Foster', 'Adopt', 'Partner with us'];
const noTarget = (event: { preventDefault(): void }) => event.preventDefault();

export function SiteFooter() {
  const { trust, footer } = useSiteContent();
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
              Quick Links
            </h2>
            <ul className="footer-list">
              <li>
                <SiteLink href="/#about">About Us</SiteLink>
              </li>
              <li>
                <SiteLink href="/#services">Our Services</SiteLink>
              </li>
              <li>
                <SiteLink href="/donate" markCurrent>
                  Donate
                </SiteLink>
              </li>
              <li>
                <SiteLink href="/#contact">Contact</SiteLink>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="footer-title">Get Involved</h2>
            <ul className="footer-list">
              {GET_INVOLVED.map((label) => (
                <li key={label}>
                  {/* biome-ignore lint/a11y/useValidAnchor: a placeholder link with no target yet, as specified. */}
                  <a href="#" onClick={noTarget}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="footer-bottom">
          © {footer.copyrightYear} {trust.name}. All rights reserved.{' '}
          {/* biome-ignore lint/a11y/useValidAnchor: placeholder, as specified. */}
          <a href="#" onClick={noTarget}>
            Privacy Policy
          </a>{' '}
          · {/* biome-ignore lint/a11y/useValidAnchor: placeholder, as specified. */}
          <a href="#" onClick={noTarget}>
            Terms of Service
          </a>
        </p>
      </div>
    </footer>
  );
}
