import { createContext, useContext } from 'react';
import type { PublicAppealCard } from '../../../shared/appeals.schema';
import { LANGUAGE_TAGS } from '../../../shared/languages';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useLocalizedHref, useMessages } from '../../i18n';
import { readPageData } from '../../site-content-context';
import { AppealProgress } from './AppealProgress';

/** The appeals taking gifts, as the server rendered the page with them (entry-server.tsx provides them). */
const OpenAppealsContext = createContext<readonly PublicAppealCard[] | undefined>(undefined);
export const OpenAppealsProvider = OpenAppealsContext.Provider;

/** The open appeals: those rendered with, or in the browser the page's embedded ones (a hydrating /donate), else none. */
function useOpenAppeals(): readonly PublicAppealCard[] {
  const provided = useContext(OpenAppealsContext);
  if (provided) return provided;
  if (typeof document === 'undefined') return [];
  return readPageData()?.openAppeals ?? [];
}

/**
 * The open appeals (home and /donate, in each language): each one's photo, title linking to its
 * page in the same language, first paragraph (in the page's language where staff gave one) and progress, in plain markup the server renders (the home page loads no script for it).
 * Nothing at all when no appeal is open.
 */
export function OpenAppeals({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const appeals = useOpenAppeals();
  const t = useMessages();
  const localized = useLocalizedHref();
  if (appeals.length === 0) return null;
  /** `lang` for a text staff gave no translation of, shown in English. */
  const english = (card: PublicAppealCard, field: 'title' | 'story') =>
    (card.untranslated ?? []).includes(field) ? { lang: LANGUAGE_TAGS.en } : {};
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const CardHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <section className="section section-alt" aria-labelledby="open-appeals-title">
      <div className="container">
        <Heading id="open-appeals-title" className="section-title">
          {t('appeal_open_title')}
        </Heading>
        <ul className="card-grid cols-3 plain-list" style={{ marginTop: '2rem' }}>
          {appeals.map((appeal) => (
            <li key={appeal.id} className="card">
              {appeal.photo ? <ResponsiveImage image={appeal.photo} sizes="(min-width: 48em) 22rem, 100vw" /> : null}
              <CardHeading className="h3">
                <a href={localized(`/appeals/${appeal.slug}`)} {...english(appeal, 'title')}>
                  {appeal.title}
                </a>
              </CardHeading>
              <p style={{ marginBottom: '0.75rem' }} {...english(appeal, 'story')}>
                {appeal.summary}
              </p>
              <AppealProgress appeal={appeal} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
