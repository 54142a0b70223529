import { siteContent } from '../../../shared/site-content';
import { SiteVideo } from '../../components/media';

export function AboutSection() {
  const { about } = siteContent;
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
            {about.story.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>{about.call}</p>
            <p className="notice">{about.taxNotice}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
