import { SiteLink } from '../components/site-navigation';
import { usePageMeta } from '../page-meta';
import { usePageTitle } from '../use-page-title';

export function NotFoundPage() {
  usePageTitle(usePageMeta('notFound'));
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container narrow">
        <h1 id="not-found-title" className="section-title">
          Page Not Found
        </h1>
        <p className="section-intro">Did you forget to add the page to the router?</p>
        <SiteLink href="/" className="btn btn-primary">
          Back to the home page
        </SiteLink>
      </div>
    </section>
  );
}
