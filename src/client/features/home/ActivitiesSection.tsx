import { useSiteContent } from '../../site-content-context';

// Drawn inline rather than emoji: they look the same on every phone, whatever its fonts.
const ICON_PATHS = [
  // Rescue: a siren.
  'M7 18v-6a5 5 0 0 1 10 0v6M5 21h14v-3H5zM12 3v2M4.2 6.2l1.4 1.4M19.8 6.2l-1.4 1.4',
  // Medical care: a cross.
  'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z',
  // Rehabilitation: a heart.
  'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
];

export function ActivitiesSection() {
  const { activities } = useSiteContent();
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
              <span className="card-icon">
                <svg
                  aria-hidden="true"
                  width="26"
                  height="26"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d={ICON_PATHS[index]} strokeLinejoin="round" strokeLinecap="round" />
                </svg>
              </span>
              <h3 className="h3">{card.title}</h3>
              <p>{card.text}</p>
            </article>
          ))}
        </div>
        <h3 className="section-title sub">{activities.provideTitle}</h3>
        <ul className="provide-grid">
          {activities.provides.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id, and two may read the same.
            <li key={index}>
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
