import { siteContent } from '../../../shared/site-content';
import { ResponsivePicture } from '../../components/media';
import { SiteLink } from '../../components/site-navigation';

export function HeroSection() {
  const { hero } = siteContent;
  return (
    <section id="home" className="hero" aria-labelledby="hero-title">
      <ResponsivePicture
        className="hero-picture"
        name="hero"
        widths={[640, 1280, 1920]}
        sizes="100vw"
        alt="A rescued dog and cat resting together in the sun at the shelter"
        width={1920}
        height={1080}
        priority
      />
      <div className="container hero-content">
        <h1 id="hero-title" className="hero-title">
          {hero.headline}
        </h1>
        <p className="hero-text">{hero.text}</p>
        <div className="button-row">
          <SiteLink href="/donate" className="btn btn-primary btn-lg">
            Donate Now
          </SiteLink>
          <SiteLink href="/#about" className="btn btn-light btn-lg">
            Learn More
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
