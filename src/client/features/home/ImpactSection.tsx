import { LANGUAGE_TAGS } from '../../../shared/languages';
import { useLanguage, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';

/** `2026-01-01` in the page's language: `1 January 2026`, `1 ஜனவரி, 2026`, `1 जनवरी 2026`. */
const formatDay = (day: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export function ImpactSection() {
  const { impact } = useSiteContent();
  const t = useMessages();
  const language = useLanguage();
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
              {figure.countedSince ? (
                <span className="figure-since">
                  {t('impact_counted_since', { date: formatDay(figure.countedSince, LANGUAGE_TAGS[language]) })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
