import { useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';

export function ContactSection() {
  const { contact } = useSiteContent();
  const t = useMessages();
  return (
    <section id="contact" className="section section-alt" aria-labelledby="contact-title">
      <div className="container">
        <h2 id="contact-title" className="section-title">
          {t('contact_title')}
        </h2>
        <div className="card-grid cols-4">
          <div className="card">
            <h3 className="h4">{t('contact_address')}</h3>
            <address>{contact.address}</address>
          </div>
          <div className="card">
            <h3 className="h4">{t('contact_phone')}</h3>
            <a href={`tel:${contact.phoneHref}`}>{contact.phone}</a>
          </div>
          <div className="card">
            <h3 className="h4">{t('contact_email')}</h3>
            <a href={`mailto:${contact.email}`} className="break">
              {contact.email}
            </a>
          </div>
          <div className="card">
            <h3 className="h4">{t('contact_follow')}</h3>
            <a href={contact.instagramUrl} target="_blank" rel="noopener noreferrer">
              {t('contact_instagram', { handle: contact.instagramHandle })}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
