import './site.css';
import { localizedPath, splitLanguage } from '../shared/locale-paths';
import { enhanceStaticPage } from './components/static-page';
import { loadLanguageFonts } from './language-fonts';
import { languageToOffer } from './language-preference';
import { MESSAGES_OF } from './messages-of';
import { reactPageAt } from './react-pages';

/*
 * The entry. The prerendered home and 404 pages are complete without React: a few lines wire their
 * menu (./components/static-page) and no framework loads. A prerendered React page (./react-pages:
 * the donate page) loads React, its own chunk and the small hydrating shell (./hydrate-page), all in
 * parallel with its language's messages, but no router. An empty shell (the staff console, every page on the dev server) loads
 * the router's app (./hydrate). Scripts start once the page has painted: after the load event and
 * the next frame, so the hero never shares the link with script; a Tamil or Hindi page's font too
 * (./language-fonts.ts).
 * The site's CSS stays with this entry, which the build inlines into every page.
 */
// The site's CSP (script-src 'self') forbids `new Function`, with which zod compiles its parsers (its
// probe alone logs a violation). Zod reads this global in whichever chunk it is bundled, and builds
// schemas as soon as that chunk loads: so it is set here, before any chunk with zod is fetched.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

const root = document.getElementById('root');
const prerendered = Boolean(root?.firstElementChild);
// A Tamil or Hindi page (`/ta/donate`) is the English page's component in that language.
const { language, path: englishPath } = splitLanguage(location.pathname);
const reactPage = prerendered ? reactPageAt(englishPath) : undefined;

/** The page in the visitor's own language, offered (never a redirect) when their browser asks for another. */
function offerLanguage(): void {
  const offered = languageToOffer(language);
  if (offered) void import('./language-offer').then(({ showLanguageOffer }) => showLanguageOffer(offered, englishPath));
}

function start(): void {
  if (reactPage) {
    offerLanguage();
    const { path, page } = reactPage;
    void Promise.all([import('./hydrate-page'), page.load(), MESSAGES_OF[language]()]).then(
      async ([{ hydratePage }, component, messages]) => {
        // The last chunk was evaluated in this task: React starts in the next one, so that the two
        // do not add up to one long task on a slow phone (issue 34: TBT on /donate).
        await new Promise((resolve) => setTimeout(resolve));
        hydratePage(localizedPath(language, path), component, messages);
      },
    );
  } else {
    void import('./hydrate').then(({ renderApp }) => renderApp());
  }
}

/** Once the page has painted: after the load event, the next frame, then a task of its own. */
function afterPaint(run: () => void): void {
  const next = () => requestAnimationFrame(() => setTimeout(run));
  if (document.readyState === 'complete') next();
  else addEventListener('load', next, { once: true });
}

if (root && prerendered && !reactPage) {
  enhanceStaticPage(root);
  offerLanguage();
  afterPaint(() => loadLanguageFonts(language));
} else {
  afterPaint(() => {
    loadLanguageFonts(language);
    start();
  });
}
