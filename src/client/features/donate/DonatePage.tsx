import { SiteVideo } from '../../components/media';
import { useSiteContent } from '../../site-content-context';
import { OpenAppeals } from '../appeals/OpenAppeals';
import { DonateForm } from './DonateForm';
import type { DonationApi } from './donation-api';
import { PaymentModeNotice } from './PaymentModeNotice';

export function DonatePage({ api }: { api: DonationApi }) {
  const { donate } = useSiteContent();
  return (
    <section className="section" aria-labelledby="donate-title">
      <div className="container">
        <h1 id="donate-title" className="page-title centered">
          {donate.heading}
        </h1>
        <p className="page-intro centered">{donate.intro}</p>
        <PaymentModeNotice />
        <div className="donate-grid">
          <div>
            <DonateForm api={api} />
          </div>
          <div className="stack stack-lg">
            <section className="panel" aria-labelledby="impact-card-title">
              <h2 id="impact-card-title" className="panel-title-sm">
                {donate.impactTitle}
              </h2>
              <ul className="bullets">
                {donate.impactItems.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items have no id, and two may name the same amount.
                  <li key={index}>
                    <span className="text-strong">{item.amount}</span> {item.text}.
                  </li>
                ))}
              </ul>
            </section>
            <section className="panel" aria-labelledby="rescue-card-title">
              <h2 id="rescue-card-title" className="panel-title-sm" style={{ marginBottom: '0.75rem' }}>
                {donate.rescueTitle}
              </h2>
              <SiteVideo name="donate-video" label={donate.rescueVideoLabel} />
              {donate.rescueStory.map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          </div>
        </div>
      </div>
      <OpenAppeals headingLevel={2} />
    </section>
  );
}
