import { siteContent } from '../../../shared/site-content';

export function ImpactSection() {
  const { impact } = siteContent;
  return (
    <section id="impact" className="section" aria-labelledby="impact-title">
      <div className="container">
        <h2 id="impact-title" className="section-title">
          {impact.title}
        </h2>
        <p className="section-intro">{impact.intro}</p>
        <ul className="card-grid cols-4 plain-list">
          {impact.figures.map((figure) => (
            <li key={figure.value} className="card figure">
              <span className="figure-value">{figure.value}</span>
              <span className="figure-label">{figure.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
