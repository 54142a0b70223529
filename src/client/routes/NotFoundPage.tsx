import { Link } from '@tanstack/react-router';
import { PAGE_META } from '../page-meta';
import { usePageTitle } from '../use-page-title';

export function NotFoundPage() {
  usePageTitle(PAGE_META.notFound);
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container narrow">
        <h1 id="not-found-title" className="section-title">
          Page Not Found
        </h1>
        <p className="section-intro">Did you forget to add the page to the router?</p>
        <Link to="/" className="btn btn-primary">
          Back to the home page
        </Link>
      </div>
    </section>
  );
}
