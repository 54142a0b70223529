import { SiteVideo } from '../../components/media';
import { useSiteContent } from '../../site-content-context';

export function AboutSection() {
  const { about } = useSiteContent();
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
            <p className="notice">{about.taxNotice}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
