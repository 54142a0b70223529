import type { FastifyBaseLogger } from 'fastify';
import { appealCardFacts, appealCardPath, appealCardVersion } from '../../../shared/appeal-card';
import type { PublicAppeal } from '../../../shared/appeals.schema';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { publicAnimalOfAppeal } from '../../animals/records/public-animal-link';
import { appealPhotoBytes, renderAppealCard } from '../../gifts/appeals/appeal-card';
import { publicAppeal } from '../../gifts/appeals/public-appeals';
import { DomainError } from '../../platform/core/domain-error';
import type { Orm } from '../../platform/db/orm';
import type { ImageStorage } from '../../platform/images/images';
import type { PrerenderedPage } from './pages';
import type { SitePages } from './site-pages';

/**
 * How long an appeal's rendered page is reused. Its totals are counted when it is rendered, so its
 * figures are at most this old (the promise is a minute), at one count per appeal per instance.
 */
export const APPEAL_PAGE_MAX_AGE_MS = 45_000;
/** Pages (and cards) kept at once: enough for every appeal a trust runs, and a bound on unknown slugs. */
const MAX_ENTRIES = 200;

interface Rendered {
  appeal: PublicAppeal;
  page: PrerenderedPage;
}

/** What the staff procedures may ask: forget every rendered appeal page (an appeal was edited, moved or updated). */
export interface AppealPagesHandle {
  invalidate(): void;
}

export interface AppealPagesOptions {
  sitePages: SitePages;
  orm: Orm;
  storage: ImageStorage;
  log: FastifyBaseLogger;
  /** Default APPEAL_PAGE_MAX_AGE_MS; tests shorten it. */
  maxAgeMs?: number;
  now?: () => Date;
}

/** Keeps at most MAX_ENTRIES, dropping the oldest. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

/**
 * Appeals' pages (`/appeals/<slug>`, `/ta/appeals/<slug>`, `/hi/appeals/<slug>`: each language
 * kept apart, with the appeal's texts in it where staff gave them), rendered on demand in the site's layout with the published
 * content and the appeal's figures, and kept ready to send (brotli, gzip, ETag, as the other pages)
 * for at most maxAgeMs; a staff change to an appeal forgets them at once on this instance (others
 * follow within maxAgeMs). Requests while a page renders share the render. An unknown slug or a
 * draft is remembered as not found for as long. Each appeal's Open Graph card is made with sharp
 * from the same figures, on its first request, and kept by its version.
 */
export class AppealPages implements AppealPagesHandle {
  private readonly pages = new Map<string, { at: number; rendered: Promise<Rendered | null> }>();
  private readonly cards = new Map<string, Promise<Buffer>>();
  private readonly now: () => Date;
  private readonly maxAgeMs: number;

  constructor(private readonly options: AppealPagesOptions) {
    this.now = options.now ?? (() => new Date());
    this.maxAgeMs = options.maxAgeMs ?? APPEAL_PAGE_MAX_AGE_MS;
  }

  /** The appeal's page in a language ready to send, or null for an unknown slug or a draft. */
  async page(slug: string, language: Language = DEFAULT_LANGUAGE): Promise<PrerenderedPage | null> {
    return (await this.rendered(slug, language))?.page ?? null;
  }

  /**
   * The card at this version: its JPEG when it is the current one, else the current version (the
   * figures moved on: the caller redirects), or null for no such appeal.
   */
  async card(slug: string, version: string): Promise<{ version: string; jpeg?: Buffer } | null> {
    const rendered = await this.rendered(slug);
    if (!rendered) return null;
    const current = appealCardVersion(appealCardFacts(rendered.appeal));
    if (current !== version) return { version: current };
    const key = `${slug}/${current}`;
    let jpeg = this.cards.get(key);
    if (!jpeg) {
      jpeg = this.makeCard(rendered.appeal);
      remember(this.cards, key, jpeg);
      jpeg.catch(() => this.cards.delete(key));
    }
    return { version: current, jpeg: await jpeg };
  }

  invalidate(): void {
    this.pages.clear();
  }

  /** The appeal's page in a language (the card is the English page's, the same figures in every language). */
  private rendered(slug: string, language: Language = DEFAULT_LANGUAGE): Promise<Rendered | null> {
    const key = `${language}:${slug}`;
    const now = this.now().getTime();
    const cached = this.pages.get(key);
    if (cached && now - cached.at < this.maxAgeMs && now >= cached.at) return cached.rendered;
    const rendered = this.render(slug, language);
    remember(this.pages, key, { at: now, rendered });
    // A failed render is not kept: the next request tries again.
    rendered.catch(() => {
      if (this.pages.get(key)?.rendered === rendered) this.pages.delete(key);
    });
    return rendered;
  }

  private async render(slug: string, language: Language): Promise<Rendered | null> {
    let appeal: PublicAppeal;
    try {
      appeal = await publicAppeal(this.options.orm.em.fork(), slug, this.now(), { freshTotals: true, language });
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'NOT_FOUND') return null;
      throw error;
    }
    // Without the moment its totals were counted: the same figures make the same page and ETag.
    const { totalsAt: _counted, ...shown } = appeal;
    const animal = await publicAnimalOfAppeal(this.options.orm.em.fork(), appeal.id);
    const result = await this.options.sitePages.renderOnDemand(`/appeals/${appeal.slug}`, {
      appeal: { ...shown, animal },
      ...(language === DEFAULT_LANGUAGE ? {} : { language, appealCard: await this.englishCardPath(appeal) }),
    });
    if (!result) throw new Error("the site's pages have not been rendered yet");
    return { appeal, page: result.page };
  }

  /** The card a page in another language names: the English one (its title in English), the same figures. */
  private async englishCardPath(appeal: PublicAppeal): Promise<string> {
    const [row] = await this.options.orm.em
      .fork()
      .execute<{ title: string }[]>('select title from appeals where id = ?', [appeal.id]);
    return appealCardPath(appealCardFacts({ ...appeal, title: row?.title ?? appeal.title }));
  }

  private async makeCard(appeal: PublicAppeal): Promise<Buffer> {
    const photo = await appealPhotoBytes(this.options.orm.em.fork(), this.options.storage, appeal).catch(
      (error: unknown) => {
        this.options.log.warn({ err: error, appeal: appeal.id }, "an appeal's photo could not be read for its card");
        return undefined;
      },
    );
    return renderAppealCard(appeal, { photo, trustName: this.options.sitePages.pageContent?.trust.name ?? '' });
  }
}
