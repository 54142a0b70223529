import { DEFAULT_LANGUAGE } from '../../../shared/languages';
import { taxLawOn } from '../../../shared/tax-law';
import { SiteVideo } from '../../components/media';
import { useLanguage, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';

/** The approval and the deduction of the law in force today, for the notice in Tamil or Hindi. */
function lawFacts() {
  const law = taxLawOn(new Date());
  return {
    approval: law.approvalProvision.match(/^section (\S+)/)?.[1] ?? '',
    deduction: law.deductionSection,
    year: law.act.match(/\d{4}/)?.[0] ?? '',
  };
}

export function AboutSection() {
  const { about } = useSiteContent();
  const language = useLanguage();
  const t = useMessages();
  // English says it as the content does; the others from their messages, the same law.
  const taxNotice = language === DEFAULT_LANGUAGE ? about.taxNotice : t('about_tax_notice', lawFacts());
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="container">
        <h2 id="about-title" className="section-title">
          {about.title}
        </h2>
        <p className="section-intro">{about.intro}</p>
        <div className="two-columns">
          <SiteVideo name="about-video" label={about.videoLabel} />
          <div>
            <h3 className="h3">{about.storyTitle}</h3>
            {about.story.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
              <p key={index}>{paragraph}</p>
            ))}
            <p>{about.call}</p>
            <p className="notice">{taxNotice}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
