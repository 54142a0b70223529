import { DEFAULT_BEYOND_GOAL } from '../../../shared/appeal-defaults';
import type { AppealTranslatedField } from '../../../shared/appeals.schema';
import { LANGUAGE_TAGS } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import type { AppealOnPage } from '../../../shared/page-render';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useLanguage, useLocalizedHref, useMessages } from '../../i18n';
import { DonateForm } from '../donate/DonateForm';
import type { DonationApi } from '../donate/donation-api';
import { PaymentModeNotice } from '../donate/PaymentModeNotice';
import { AppealProgress } from './AppealProgress';
import { AppealVideo } from './AppealVideo';
import { indiaDate } from './appeal-data';
import { withNodes } from './message-with-nodes';

const MAIN_SIZES = '(min-width: 62em) 36rem, 100vw';

/** `lang` for a text shown in English on a Tamil or Hindi page (staff gave no translation of it). */
const ENGLISH = { lang: LANGUAGE_TAGS.en } as const;

/**
 * An appeal's page: its story, photos, video, figures, where money beyond the goal goes, the vet's
 * bill, updates, and the form; the site's words in the page's language, the appeal's own in it
 * where staff gave them (a text still in English says so with its `lang`).
 */
export function AppealPage({ appeal, api }: { appeal: AppealOnPage; api: DonationApi }) {
  const t = useMessages();
  const language = useLanguage();
  const localized = useLocalizedHref();
  const [mainPhoto, ...morePhotos] = appeal.photos;
  const inEnglish = (field: AppealTranslatedField) => ((appeal.untranslated ?? []).includes(field) ? ENGLISH : {});
  return (
    <section className="section" aria-labelledby="appeal-title">
      <div className="container">
        <h1 id="appeal-title" className="page-title" {...inEnglish('title')}>
          {appeal.title}
        </h1>
        {appeal.status === 'closed' ? (
          <p className="text-alert" style={{ marginBottom: 0 }}>
            {t('appeal_closed_notice')}
          </p>
        ) : null}
        <div className="donate-grid">
          <div className="stack">
            {mainPhoto ? (
              <ResponsiveImage image={mainPhoto} sizes={MAIN_SIZES} loading="eager" fetchPriority="high" />
            ) : null}
            <AppealProgress appeal={appeal} />
            <div {...inEnglish('story')}>
              {appeal.story.map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                <p key={index} style={{ margin: '0.75rem 0 0' }}>
                  {paragraph}
                </p>
              ))}
            </div>
            {appeal.animal ? (
              <p style={{ margin: '0.75rem 0 0' }}>
                {/* Every animal's page is in every language (DESIGN.md, animals): the link keeps the page's. */}
                <a href={localizedPath(language, `/adopt/${appeal.animal.slug}`)}>
                  {t('appeal_meet_animal', { name: appeal.animal.name })}
                </a>
              </p>
            ) : null}
            {appeal.video ? <AppealVideo video={appeal.video} title={appeal.title} /> : null}
            {morePhotos.map((photo) => (
              <ResponsiveImage key={photo.id} image={photo} sizes={MAIN_SIZES} />
            ))}
            <section className="panel" aria-labelledby="beyond-goal-title">
              <h2 id="beyond-goal-title" className="panel-title-xs">
                {t('appeal_beyond_goal_title')}
              </h2>
              {appeal.beyondGoal === DEFAULT_BEYOND_GOAL ? (
                <p>{t('appeal_beyond_goal_default')}</p>
              ) : (
                <p {...inEnglish('beyondGoal')}>{appeal.beyondGoal}</p>
              )}
            </section>
            {appeal.vetBill ? (
              <section aria-labelledby="vet-bill-title">
                <h2 id="vet-bill-title" className="panel-title-xs" style={{ marginBottom: '0.5rem' }}>
                  {t('appeal_vet_bill_title')}
                </h2>
                <ResponsiveImage image={appeal.vetBill} sizes={MAIN_SIZES} />
              </section>
            ) : null}
            {appeal.updates.length > 0 ? (
              <section aria-labelledby="updates-title">
                <h2 id="updates-title" className="panel-title-sm">
                  {t('appeal_updates_title')}
                </h2>
                {appeal.updates.map((update) => (
                  <article key={update.id} style={{ marginTop: '1rem' }}>
                    <p className="text-small text-dimmed" style={{ margin: 0 }}>
                      <time dateTime={update.postedAt}>{indiaDate(update.postedAt, language)}</time>
                    </p>
                    {update.text.map((paragraph, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                      <p key={index} style={{ margin: '0.5rem 0 0' }} {...(update.untranslated ? ENGLISH : {})}>
                        {paragraph}
                      </p>
                    ))}
                    {update.photo ? (
                      <div style={{ marginTop: '0.5rem' }}>
                        <ResponsiveImage image={update.photo} sizes={MAIN_SIZES} />
                      </div>
                    ) : null}
                  </article>
                ))}
              </section>
            ) : null}
          </div>
          <div>
            {appeal.open ? (
              <>
                <PaymentModeNotice />
                <DonateForm
                  api={api}
                  appeal={{ id: appeal.id, title: appeal.title }}
                  share={{
                    path: localized(`/appeals/${appeal.slug}`),
                    text: t('appeal_share_text', { title: appeal.title }),
                  }}
                />
              </>
            ) : (
              <section className="panel" aria-labelledby="appeal-closed-title">
                <h2 id="appeal-closed-title" className="panel-title-sm">
                  {t(appeal.status === 'closed' ? 'appeal_closed_title' : 'appeal_ended_title')}
                </h2>
                <p>{t('appeal_general_fund_text')}</p>
                <a
                  href={localized('/donate')}
                  className="btn btn-filled btn-lg btn-block"
                  style={{ marginTop: '1rem' }}
                >
                  {t('appeal_general_fund_button')}
                </a>
                <p className="text-small">
                  {withNodes((slot) => t('appeal_read_about', { link: slot('link') }), {
                    link: <a href={localized('/')}>{t('appeal_read_about_link')}</a>,
                  })}
                </p>
              </section>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
