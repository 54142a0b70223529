import { HomePage } from '../features/home/HomePage';
import { PAGE_META } from '../page-meta';
import { usePageTitle } from '../use-page-title';

export function HomeRoute() {
  usePageTitle(PAGE_META.home);
  return <HomePage />;
}
