import { siteContent } from '../../../shared/site-content';

const ICONS = ['🚑', '🩺', '🐾'];

export function ActivitiesSection() {
  const { activities } = siteContent;
  return (
    <section id="services" className="section section-alt" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title" className="section-title">
          {activities.title}
        </h2>
        <p className="section-intro">{activities.intro}</p>
        <div className="card-grid cols-3">
          {activities.cards.map((card, index) => (
            <article key={card.title} className="card">
              <span className="card-icon" aria-hidden="true">
                {ICONS[index]}
              </span>
              <h3 className="h3">{card.title}</h3>
              <p>{card.text}</p>
            </article>
          ))}
        </div>
        <h3 className="section-title sub">{activities.provideTitle}</h3>
        <ul className="provide-grid">
          {activities.provides.map((item) => (
            <li key={item}>
              <span className="tick" aria-hidden="true">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
