import { ResponsivePicture } from '../../components/media';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { SiteLink } from '../../components/site-navigation';
import { useLocalizedHref, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';

export function HeroSection() {
  const { hero, photos } = useSiteContent();
  const t = useMessages();
  const href = useLocalizedHref();
  return (
    <section id="home" className="hero" aria-labelledby="hero-title">
      {photos.hero.image ? (
        // A photo staff chose: it covers the hero as the built-in one does (.hero-picture img).
        <div className="hero-picture">
          <ResponsiveImage
            image={photos.hero.image}
            sizes="100vw"
            loading="eager"
            fetchPriority="high"
            style={{ width: '100%', height: '100%', maxWidth: 'none' }}
          />
        </div>
      ) : (
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
      )}
      <div className="container hero-content">
        <h1 id="hero-title" className="hero-title">
          {hero.headline}
        </h1>
        <p className="hero-text">{hero.text}</p>
        <div className="button-row">
          <SiteLink href={href('/donate')} className="btn btn-primary btn-lg">
            {t('hero_donate')}
          </SiteLink>
          <SiteLink href={href('/#about')} className="btn btn-light btn-lg">
            {t('hero_learn_more')}
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
