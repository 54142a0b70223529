import type { AppealOnPage } from '../../../shared/page-render';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { DonateForm } from '../donate/DonateForm';
import type { DonationApi } from '../donate/donation-api';
import { PaymentModeNotice } from '../donate/PaymentModeNotice';
import { AppealProgress } from './AppealProgress';
import { AppealVideo } from './AppealVideo';
import { indiaDate } from './appeal-data';

const MAIN_SIZES = '(min-width: 62em) 36rem, 100vw';

/** An appeal's page: its story, photos, video, figures, where money beyond the goal goes, the vet's bill, updates, and the form. */
export function AppealPage({ appeal, api }: { appeal: AppealOnPage; api: DonationApi }) {
  const [mainPhoto, ...morePhotos] = appeal.photos;
  return (
    <section className="section" aria-labelledby="appeal-title">
      <div className="container">
        <h1 id="appeal-title" className="page-title">
          {appeal.title}
        </h1>
        {appeal.status === 'closed' ? (
          <p className="text-alert" style={{ marginBottom: 0 }}>
            This appeal is closed and takes no more gifts. Thank you to everyone who gave.
          </p>
        ) : null}
        <div className="donate-grid">
          <div className="stack">
            {mainPhoto ? (
              <ResponsiveImage image={mainPhoto} sizes={MAIN_SIZES} loading="eager" fetchPriority="high" />
            ) : null}
            <AppealProgress appeal={appeal} />
            <div>
              {appeal.story.map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                <p key={index} style={{ margin: '0.75rem 0 0' }}>
                  {paragraph}
                </p>
              ))}
            </div>
            {appeal.video ? <AppealVideo video={appeal.video} title={appeal.title} /> : null}
            {morePhotos.map((photo) => (
              <ResponsiveImage key={photo.id} image={photo} sizes={MAIN_SIZES} />
            ))}
            <section className="panel" aria-labelledby="beyond-goal-title">
              <h2 id="beyond-goal-title" className="panel-title-xs">
                Beyond the goal
              </h2>
              <p>{appeal.beyondGoal}</p>
            </section>
            {appeal.vetBill ? (
              <section aria-labelledby="vet-bill-title">
                <h2 id="vet-bill-title" className="panel-title-xs" style={{ marginBottom: '0.5rem' }}>
                  The vet’s bill
                </h2>
                <ResponsiveImage image={appeal.vetBill} sizes={MAIN_SIZES} />
              </section>
            ) : null}
            {appeal.updates.length > 0 ? (
              <section aria-labelledby="updates-title">
                <h2 id="updates-title" className="panel-title-sm">
                  Updates
                </h2>
                {appeal.updates.map((update) => (
                  <article key={update.id} style={{ marginTop: '1rem' }}>
                    <p className="text-small text-dimmed" style={{ margin: 0 }}>
                      <time dateTime={update.postedAt}>{indiaDate(update.postedAt)}</time>
                    </p>
                    {update.text.map((paragraph, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                      <p key={index} style={{ margin: '0.5rem 0 0' }}>
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
                  share={{ path: `/appeals/${appeal.slug}`, text: `Help ${appeal.title}:` }}
                />
              </>
            ) : (
              <section className="panel" aria-labelledby="appeal-closed-title">
                <h2 id="appeal-closed-title" className="panel-title-sm">
                  {appeal.status === 'closed' ? 'This appeal is closed' : 'This appeal has ended'}
                </h2>
                <p>Our animals still need you: a gift to the general fund cares for every one of them.</p>
                <a href="/donate" className="btn btn-filled btn-lg btn-block" style={{ marginTop: '1rem' }}>
                  Give to the general fund
                </a>
                <p className="text-small">
                  Or read about <a href="/">the trust’s work</a>.
                </p>
              </section>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
