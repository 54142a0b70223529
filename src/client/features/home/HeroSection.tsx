import { ResponsivePicture } from '../../components/media';
import { SiteLink } from '../../components/site-navigation';
import { useSiteContent } from '../../site-content-context';

export function HeroSection() {
  const { hero, photos } = useSiteContent();
  return (
    <section id="home" className="hero" aria-labelledby="hero-title">
      <ResponsivePicture
        className="hero-picture"
        name="hero"
        widths={[640, 1280, 1920]}
        sizes="100vw"
        alt={photos.hero.alt}
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
