import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ADOPT_PAGE_SIZE, parseAdoptQuery } from '../../../shared/adoptable';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { ADOPT_PATH } from '../../../shared/locale-paths';
import type { PageData } from '../../../shared/page-render';
import { adoptableList, animalPage } from '../../animals/records/adoptable-animals';
import { animalCardPhoto, renderAnimalCard } from '../../animals/records/animal-card';
import { sponsorBlockOf } from '../../animals/sponsors/sponsorship';
import type { Orm } from '../../platform/db/orm';
import type { ImageStorage } from '../../platform/images/images';
import type { PrerenderedPage } from './pages';
import type { SitePages } from './site-pages';

/** Pages (and cards) kept at once: every filter a family can pick in three languages, and a bound. */
const MAX_ENTRIES = 500;

/** Keeps at most MAX_ENTRIES, dropping the oldest. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

export interface AnimalPagesOptions {
  sitePages: SitePages;
  orm: Orm;
  storage: ImageStorage;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * `/adopt` and `/adopt/<slug>` in each language, rendered on demand in the site's layout. Every
 * request reads what the page shows (one indexed query for the list, a few by primary key for an
 * animal), so an animal reserved a moment ago is off the list on the next request, on every
 * instance; the rendered, compressed page is kept by the hash of exactly that data (and the
 * published content it was rendered with), so a page is rendered again only when what it shows
 * changed. Requests while a page renders share the render. An animal's Open Graph card, its first
 * photo cropped to 1200×630 with sharp, is kept by the photo's hash.
 */
export class AnimalPages {
  private readonly pages = new Map<string, Promise<PrerenderedPage>>();
  private readonly cards = new Map<string, Promise<Buffer | undefined>>();
  /** The published content the kept pages were rendered with: when SitePages renders anew, they go. */
  private renderedWith: unknown;
  private readonly now: () => Date;

  constructor(private readonly options: AnimalPagesOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** `/adopt` with the query string's filters (anything unknown left out) and page; past the last page, the last. */
  async list(query: Record<string, unknown>, language: Language = DEFAULT_LANGUAGE): Promise<PrerenderedPage> {
    const { filters, page } = parseAdoptQuery(query);
    const em = this.options.orm.em.fork();
    const read = (at: number) =>
      adoptableList(em, filters, { page: at, perPage: ADOPT_PAGE_SIZE, language, now: this.now() });
    let list = await read(page);
    if (list.animals.length === 0 && list.total > 0) list = await read(list.pages);
    return this.rendered(ADOPT_PATH, language, { adoptList: list });
  }

  /** An animal's page, or null where it has none (unknown, or in care, fostered, returned: see animalPage). */
  async animal(slug: string, language: Language = DEFAULT_LANGUAGE): Promise<PrerenderedPage | null> {
    const em = this.options.orm.em.fork();
    const animal = await animalPage(em, slug, { language, now: this.now() });
    if (!animal) return null;
    const sponsorBlock = animal.sponsorMonthlyAmount === null ? null : await sponsorBlockOf(em, slug);
    return this.rendered(`${ADOPT_PATH}/${slug}`, language, { animal: { ...animal, sponsorBlock } });
  }

  /** The animal's card for the photo with this hash, or null (no such animal with a page, or no such first photo). */
  async card(slug: string, hash: string): Promise<Buffer | null> {
    const em = this.options.orm.em.fork();
    const photo = await animalCardPhoto(em, slug, hash);
    if (!photo) return null;
    let card = this.cards.get(photo.hash);
    if (!card) {
      card = renderAnimalCard(em, this.options.storage, photo);
      remember(this.cards, photo.hash, card);
      card.catch((error: unknown) => {
        this.cards.delete(photo.hash);
        this.options.log.warn({ err: error }, "an animal's card could not be made");
      });
    }
    return (await card.catch(() => undefined)) ?? null;
  }

  private rendered(
    path: string,
    language: Language,
    extra: Pick<PageData, 'adoptList' | 'animal'>,
  ): Promise<PrerenderedPage> {
    const { sitePages } = this.options;
    const content = sitePages.pageContent;
    if (content !== this.renderedWith) {
      this.pages.clear();
      this.renderedWith = content;
    }
    const key = createHash('sha256')
      .update(JSON.stringify([path, language, extra]))
      .digest('base64url');
    const kept = this.pages.get(key);
    if (kept) return kept;
    const page = sitePages
      .renderOnDemand(path, { ...(language === DEFAULT_LANGUAGE ? {} : { language }), ...extra })
      .then((result) => {
        if (!result) throw new Error("the site's pages have not been rendered yet");
        return result.page;
      });
    remember(this.pages, key, page);
    // A failed render is not kept: the next request tries again.
    page.catch(() => {
      if (this.pages.get(key) === page) this.pages.delete(key);
    });
    return page;
  }
}
