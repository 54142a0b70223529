import { useSiteContent } from '../../site-content-context';

export function ImpactSection() {
  const { impact } = useSiteContent();
  return (
    <section id="impact" className="section" aria-labelledby="impact-title">
      <div className="container">
        <h2 id="impact-title" className="section-title">
          {impact.title}
        </h2>
        <p className="section-intro">{impact.intro}</p>
        <ul className="card-grid cols-4 plain-list">
          {impact.figures.map((figure, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: figures have no id, and two may show the same value.
            <li key={index} className="card figure">
              <span className="figure-value">{figure.value}</span>
              <span className="figure-label">{figure.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
