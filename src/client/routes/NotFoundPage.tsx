import { SiteLink } from '../components/site-navigation';
import { useLocalizedHref, useMessages } from '../i18n';
import { usePageMeta } from '../page-meta';
import { usePageTitle } from '../use-page-title';

export function NotFoundPage() {
  usePageTitle(usePageMeta('notFound'));
  const t = useMessages();
  const href = useLocalizedHref();
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container narrow">
        <h1 id="not-found-title" className="section-title">
          {t('not_found_title')}
        </h1>
        <p className="section-intro">{t('not_found_text')}</p>
        <SiteLink href={href('/')} className="btn btn-primary">
          {t('not_found_home')}
        </SiteLink>
      </div>
    </section>
  );
}
