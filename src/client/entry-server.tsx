import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { APPEAL_CARD_HEIGHT, APPEAL_CARD_WIDTH, appealCardFacts, appealCardPath } from '../shared/appeal-card';
import { masterImageUrl } from '../shared/images';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/languages';
import { ADOPT_PATH, ANIMAL_PATH, hasPageIn, localizedPath, TRANSLATED_PATHS } from '../shared/locale-paths';
import type { AppealOnPage, PageData, RenderedPage } from '../shared/page-render';
import { POLICY_PAGES, type PolicyPageName } from '../shared/policy-pages';
import { formatRupees } from '../shared/rupees';
import { type ShownPhoto, siteContent } from '../shared/site-content';
import { SITE_URL_TOKEN } from '../shared/site-url-token';
import { ALL_MESSAGES } from './all-messages';
import { renderAdoptListPage, renderAnimalPage } from './features/adopt/render-adopt-pages';
import { AppealProvider, appealPageTitle } from './features/appeals/appeal-data';
import { OpenAppealsProvider } from './features/appeals/OpenAppeals';
import { say } from './i18n';
import { type PageMetaName, pageMetaOf } from './page-meta';
import { PageShell } from './page-shell';
import { APPEAL_PAGE, APPEAL_PATH, REACT_PAGES } from './react-pages';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundPage } from './routes/NotFoundPage';
import { PolicyPage } from './routes/PolicyPage';

/** The link preview's picture: a photo staff chose (its JPEG master), else the built-in card. */
function shareImageOf({ image, alt }: ShownPhoto): RenderedPage['shareImage'] {
  return image
    ? { path: masterImageUrl(image), width: image.width, height: image.height, alt }
    : { path: '/attached-assets/og-image.jpg', width: 1200, height: 630, alt };
}

/**
 * The pages' server-side bundle (built into dist/prerender by scripts/prerender.ts): renders one
 * page, in the layout the browser hydrates (page-shell.tsx), with the data given. The build
 * prerenders with it, and the server renders with it at run time whenever the published site
 * content changes (server/transports/web/site-pages.ts), so a page needs neither a build nor a restart to change.
 *
 * `url` is `/`, a page of REACT_PAGES, a policy page (`/privacy`: static, named from `data.trust`), or anything else for the 404 page, as its English path: the
 * page is rendered in `data.language` (English without) for its address in that language
 * (shared/locale-paths.ts: `/ta/`). A React page gets its data back in the result, to embed for its
 * hydration; the static pages (home, 404) never hydrate.
 */
export async function renderPage(url: string, data: PageData): Promise<RenderedPage> {
  const language = data.language ?? DEFAULT_LANGUAGE;
  if (data.appeal && APPEAL_PATH.test(url)) return renderAppealPage(url, data, data.appeal);
  // The adoptable animals (rendered on demand with their data: server/transports/web/animal-pages.ts).
  if (data.adoptList && url === ADOPT_PATH)
    return renderAdoptListPage(data, data.adoptList, shareImageOf(data.content.photos.share));
  if (data.animal && ANIMAL_PATH.test(url))
    return renderAnimalPage(url, data, data.animal, shareImageOf(data.content.photos.share));
  const reactPage = REACT_PAGES[url];
  const trust = data.trust ?? siteContent.legal;
  const policy = policyPageAt(url);
  const [path, page, metaName]: [string, Parameters<typeof PageShell>[0]['page'], PageMetaName] = reactPage
    ? [url, await reactPage.load(), reactPage.meta]
    : url === '/'
      ? ['/', HomeRoute, 'home']
      : policy
        ? [url, () => <PolicyPage name={policy} trust={trust} />, policy]
        : [url, NotFoundPage, 'notFound'];
  const { content } = data;
  const messages = ALL_MESSAGES[language];
  const meta = pageMetaOf(content, language, messages, trust)[metaName];
  return {
    status: metaName === 'notFound' ? 404 : 200,
    html: renderToString(
      <PageShell
        path={localizedPath(language, path)}
        page={withOpenAppeals(page, data)}
        siteUrl={SITE_URL_TOKEN}
        content={content}
        language={language}
        messages={messages}
      />,
    ),
    meta,
    siteName: content.trust.name,
    language,
    alternates: meta.path === null ? [] : alternatesOf(path),
    shareImage: shareImageOf(content.photos.share),
    chunk: reactPage?.chunk ?? null,
    data: reactPage ? withoutTrust(data) : null,
  };
}

/** The policy page at a path (`/privacy` → privacy), or undefined. */
function policyPageAt(url: string): PolicyPageName | undefined {
  return POLICY_PAGES.find((name) => url === `/${name}`);
}

/** A React page's data as embedded: without the trust's details, which only the policy pages show. */
function withoutTrust({ trust: _trust, ...data }: PageData): PageData {
  return data;
}

/** The addresses of the page at an English path in each language that has it. */
function alternatesOf(path: string): RenderedPage['alternates'] {
  return LANGUAGES.filter((language) => hasPageIn(language, path)).map((language) => ({
    language,
    path: localizedPath(language, path),
  }));
}

/** The page with the open appeals it lists (home, /donate) as rendered with. */
function withOpenAppeals(Page: ComponentType, data: PageData): ComponentType {
  const appeals = data.openAppeals ?? [];
  return () => (
    <OpenAppealsProvider value={appeals}>
      <Page />
    </OpenAppealsProvider>
  );
}

/** The first sentences of the story, as a link preview's description. */
function summaryOf(appeal: AppealOnPage): string {
  const text = appeal.story[0] ?? appeal.title;
  return text.length <= 200 ? text : `${text.slice(0, 197).replace(/\s+\S*$/, '')}…`;
}

/**
 * An appeal's page (`/appeals/<slug>`, rendered on demand by server/transports/web/appeal-pages.ts) in
 * `data.language` (`/ta/appeals/<slug>`): the appeal's own title and description, in that language
 * where staff gave them (the appeal data is already resolved), the site's words in it, and the
 * Open Graph card (its title, photo and progress: the English card in every language).
 */
async function renderAppealPage(url: string, data: PageData, appeal: AppealOnPage): Promise<RenderedPage> {
  const language = data.language ?? DEFAULT_LANGUAGE;
  const messages = ALL_MESSAGES[language];
  const Route = await APPEAL_PAGE.load();
  const Page = () => (
    <AppealProvider value={appeal}>
      <Route />
    </AppealProvider>
  );
  const { content } = data;
  const path = localizedPath(language, url);
  return {
    status: 200,
    html: renderToString(
      <PageShell
        path={path}
        page={Page}
        siteUrl={SITE_URL_TOKEN}
        content={content}
        language={language}
        messages={messages}
      />,
    ),
    meta: { title: appealPageTitle(appeal.title, content.trust.name), description: summaryOf(appeal), path },
    siteName: content.trust.name,
    language,
    alternates: alternatesOf(url),
    shareImage: {
      path: data.appealCard ?? appealCardPath(appealCardFacts(appeal)),
      width: APPEAL_CARD_WIDTH,
      height: APPEAL_CARD_HEIGHT,
      alt: say(messages, 'appeal_card_alt', {
        title: appeal.title,
        raised: formatRupees(appeal.raised),
        goal: formatRupees(appeal.goal),
      }),
    },
    chunk: APPEAL_PAGE.chunk,
    data,
  };
}

/** The paths the server serves as pages (the 404 page apart): the home page, every React page and the policy pages. */
export const PAGE_PATHS: readonly string[] = [
  '/',
  ...Object.keys(REACT_PAGES),
  ...POLICY_PAGES.map((name) => `/${name}`),
];
/**
 * The pages each language has, as English paths (the 404 page apart): every page in English, the
 * translated ones in Tamil and Hindi (the server serves each at its address in that language).
 */
export const LANGUAGE_PAGE_PATHS: Record<Language, readonly string[]> = {
  en: PAGE_PATHS,
  ta: PAGE_PATHS.filter((path) => TRANSLATED_PATHS.includes(path)),
  hi: PAGE_PATHS.filter((path) => TRANSLATED_PATHS.includes(path)),
};
/** Any path that is no page renders the 404 page; this one names it. */
export { NOT_FOUND_PATH } from '../shared/locale-paths';
/** The React pages' chunks (Vite's manifest keys): the build links each one's stylesheets. */
export const REACT_PAGE_CHUNKS: readonly string[] = [
  ...Object.values(REACT_PAGES).map((page) => page.chunk),
  APPEAL_PAGE.chunk,
];

export { SITE_URL_TOKEN } from '../shared/site-url-token';
