import { renderToString } from 'react-dom/server';
import {
  type AdoptListOnPage,
  ANIMAL_CARD_HEIGHT,
  ANIMAL_CARD_WIDTH,
  type AnimalOnPage,
  hasFoundHome,
} from '../../../shared/adoptable';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../shared/languages';
import { ADOPT_PATH, localizedPath } from '../../../shared/locale-paths';
import type { PageData, RenderedPage } from '../../../shared/page-render';
import { SITE_URL_TOKEN } from '../../../shared/site-url-token';
import { ALL_MESSAGES } from '../../all-messages';
import { say } from '../../i18n';
import { PageShell } from '../../page-shell';
import { AdoptListPage } from './AdoptListPage';
import { AnimalPage } from './AnimalPage';

/** Every language has these pages: each one's address in each (hreflang). */
const alternatesOf = (path: string): RenderedPage['alternates'] =>
  LANGUAGES.map((language) => ({ language, path: localizedPath(language, path) }));

/** A description as link previews show it: a sentence or two. */
const shortened = (text: string) => (text.length <= 200 ? text : `${text.slice(0, 197).replace(/\s+\S*$/, '')}…`);

/**
 * `/adopt` and `/adopt/<slug>` (rendered on demand by server/transports/web/animal-pages.ts) are
 * plain server-rendered pages in the site's layout, in `data.language`: no React chunk and no
 * hydration (the filters are a GET form, the share a link), so the page's photo is its first paint
 * and nothing waits on script. Their data is never embedded.
 */
function renderShell(path: string, data: PageData, Page: () => React.ReactNode): string {
  const language = data.language ?? DEFAULT_LANGUAGE;
  return renderToString(
    <PageShell
      path={localizedPath(language, path)}
      page={Page}
      siteUrl={SITE_URL_TOKEN}
      content={data.content}
      language={language}
      messages={ALL_MESSAGES[language]}
    />,
  );
}

/** `/adopt` with its filters and page; canonical the list's first page unfiltered. */
export function renderAdoptListPage(
  data: PageData,
  list: AdoptListOnPage,
  shareImage: RenderedPage['shareImage'],
): RenderedPage {
  const language = data.language ?? DEFAULT_LANGUAGE;
  const messages = ALL_MESSAGES[language];
  const { content } = data;
  return {
    status: 200,
    html: renderShell(ADOPT_PATH, data, () => <AdoptListPage list={list} />),
    meta: {
      title: say(messages, 'adopt_meta_title', { name: content.trust.name }),
      description: say(messages, 'adopt_meta_description'),
      path: localizedPath(language, ADOPT_PATH),
    },
    siteName: content.trust.name,
    language,
    alternates: alternatesOf(ADOPT_PATH),
    shareImage,
    chunk: null,
    data: null,
  };
}

/** An animal's page, its link preview the animal's own photo at the card's size. */
export function renderAnimalPage(
  url: string,
  data: PageData,
  animal: AnimalOnPage,
  siteShareImage: RenderedPage['shareImage'],
): RenderedPage {
  const language = data.language ?? DEFAULT_LANGUAGE;
  const messages = ALL_MESSAGES[language];
  const { content } = data;
  const trust = content.trust.name;
  const { name } = animal;
  const title =
    animal.status === 'adoptable'
      ? say(messages, 'adopt_animal_meta_title', { name, trust })
      : hasFoundHome(animal.status)
        ? say(messages, 'adopt_animal_home_meta_title', { name, trust })
        : `${name} | ${trust}`;
  const photo = animal.photos[0];
  return {
    status: 200,
    html: renderShell(url, data, () => <AnimalPage animal={animal} />),
    meta: {
      title,
      description: shortened(animal.oneLine || animal.story[0] || title),
      path: localizedPath(language, url),
    },
    siteName: trust,
    language,
    alternates: alternatesOf(url),
    shareImage:
      animal.card && photo
        ? { path: animal.card, width: ANIMAL_CARD_WIDTH, height: ANIMAL_CARD_HEIGHT, alt: photo.alt }
        : siteShareImage,
    chunk: null,
    data: null,
  };
}
