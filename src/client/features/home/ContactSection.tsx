import { useSiteContent } from '../../site-content-context';

export function ContactSection() {
  const { contact } = useSiteContent();
  return (
    <section id="contact" className="section section-alt" aria-labelledby="contact-title">
      <div className="container">
        <h2 id="contact-title" className="section-title">
          Get in Touch
        </h2>
        <div className="card-grid cols-4">
          <div className="card">
            <h3 className="h4">Address</h3>
            <address>{contact.address}</address>
          </div>
          <div className="card">
            <h3 className="h4">Phone</h3>
            <a href={`tel:${contact.phoneHref}`}>{contact.phone}</a>
          </div>
          <div className="card">
            <h3 className="h4">Email</h3>
            <a href={`mailto:${contact.email}`} className="break">
              {contact.email}
            </a>
          </div>
          <div className="card">
            <h3 className="h4">Follow Us</h3>
            <a href={contact.instagramUrl} target="_blank" rel="noopener noreferrer">
              Instagram {contact.instagramHandle}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
