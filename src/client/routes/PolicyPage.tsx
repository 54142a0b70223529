import { fillPolicyText, type PolicyPageName, type PolicyTrustDetails, policyValues } from '../../shared/policy-pages';
import { useMessages } from '../i18n';
import { useSiteContent } from '../site-content-context';

/**
 * A policy page (`/privacy`, `/terms`, `/refunds`, `/contact`): the texts staff publish, in the
 * page's language, with the placeholders filled from the trust's details. Plain HTML: it never
 * hydrates (no interaction), like the home page.
 */
export function PolicyPage({ name, trust }: { name: PolicyPageName; trust: PolicyTrustDetails }) {
  const { contact, policies } = useSiteContent();
  const t = useMessages();
  const values = policyValues(trust, contact, policies);
  const fill = (text: string) => fillPolicyText(text, values);
  const page = policies[name];
  return (
    <section className="section policy" aria-labelledby="policy-title">
      <div className="container policy-text">
        <h1 id="policy-title" className="section-title">
          {fill(page.title)}
        </h1>
        {name === 'contact' ? (
          <dl className="policy-contact">
            <dt>{t('policy_contact_address')}</dt>
            <dd>
              {trust.name}
              <br />
              {trust.address}
            </dd>
            <dt>{t('policy_contact_email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
            <dt>{t('policy_contact_phone')}</dt>
            <dd>
              <a href={`tel:${contact.phoneHref}`}>{contact.phone}</a>
            </dd>
          </dl>
        ) : null}
        {page.sections.map((section) => (
          <div key={section.heading}>
            <h2 className="h3">{fill(section.heading)}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{fill(paragraph)}</p>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
