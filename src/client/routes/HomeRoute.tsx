import { HomePage } from '../features/home/HomePage';
import { usePageMeta } from '../page-meta';
import { usePageTitle } from '../use-page-title';

export function HomeRoute() {
  usePageTitle(usePageMeta('home'));
  return <HomePage />;
}
