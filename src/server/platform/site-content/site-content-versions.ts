import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import type { ImageRecord } from '../../../shared/images';
import { contentImageIds, type EditableContent } from '../../../shared/site-content';
import { editableContentSchema } from '../../../shared/site-content.schema';
import { type Actor, audit } from '../audit/audit';
import { DomainError } from '../core/domain-error';
import { isoTime } from '../db/sql-time';
import { setImageUses } from '../images/image-uses';
import { imagesByIds } from '../images/images';

/**
 * The website's content as staff edit it (shared/site-content.ts's EditableContent): a draft is
 * saved (a new row each time), previewed (transports/web/site-pages.ts renders it), then published by an
 * admin. The newest published version is what every instance's pages show; until there is one,
 * the defaults. Each save and each publication is in the audit trail with the fields it changes.
 */

export interface SiteContentVersionSummary {
  id: number;
  author: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  publishedAt: string | null;
  publishedBy: string | null;
}

export interface SiteContentState {
  /** The version the pages show; null while they show the defaults. */
  published: SiteContentVersionSummary | null;
  /** The newest draft saved since that publication, if any: the editor starts from it. */
  draft: SiteContentVersionSummary | null;
  /** What the editor starts from: that draft's content, else the published content. */
  content: EditableContent;
}

interface VersionRow extends SiteContentVersionSummary {
  content: unknown;
  status: 'draft' | 'published';
}

const COLUMNS = `id, author, status, content, ${isoTime('created_at')} as "createdAt",
  case when published_at is null then null else ${isoTime('published_at')} end as "publishedAt",
  published_by as "publishedBy"`;

const summaryOf = ({ id, author, createdAt, publishedAt, publishedBy }: VersionRow): SiteContentVersionSummary => ({
  id,
  author,
  createdAt,
  publishedAt,
  publishedBy,
});

/** Objects merged key by key (a version saved before a field existed gets its default); anything else replaced. */
function withDefaults(defaults: unknown, stored: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(defaults) || !isObject(stored)) return stored === undefined ? defaults : stored;
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, withDefaults(defaults[key], stored[key])]));
}

/**
 * A stored version's content, checked against today's schema (fields added since take their
 * defaults). Its translations are taken as stored: they have no defaults to merge with (a text
 * not translated shows in English), and a version saved before there were any has none.
 */
export function storedContent(stored: unknown): EditableContent {
  const translations =
    typeof stored === 'object' && stored !== null ? (stored as EditableContent).translations : undefined;
  return editableContentSchema.parse({ ...(withDefaults(DEFAULT_CONTENT, stored) as object), translations });
}

async function newestPublished(em: EntityManager): Promise<VersionRow | undefined> {
  const [row] = await em.execute<VersionRow[]>(
    `select ${COLUMNS} from site_content_versions where status = 'published'
      order by published_at desc, id desc limit 1`,
  );
  return row;
}

/**
 * The id of the version the pages should show (null: the defaults): what each instance asks every
 * few seconds, one row read through the index on published_at.
 */
export async function publishedVersionId(em: EntityManager): Promise<number | null> {
  const [row] = await em.execute<{ id: number }[]>(
    `select id from site_content_versions where status = 'published' order by published_at desc, id desc limit 1`,
  );
  return row?.id ?? null;
}

/** The content of the version the pages should show, and its id (null: the defaults). */
export async function publishedContent(em: EntityManager): Promise<{ id: number | null; content: EditableContent }> {
  const row = await newestPublished(em);
  return row ? { id: row.id, content: storedContent(row.content) } : { id: null, content: DEFAULT_CONTENT };
}

/** What the published site content's photos are in the Photos library (platform/images/image-uses.ts). */
export const SITE_CONTENT_IMAGE_USE = 'content:site';

/** The uploaded photos a version names, as the pages show them (one deleted since is left out: the built-in picture shows). */
export const contentImages = (em: EntityManager, content: EditableContent): Promise<ImageRecord[]> =>
  imagesByIds(em, contentImageIds(content));

/** One version, draft or published, with its content (a preview's). */
export async function siteContentVersion(
  em: EntityManager,
  id: number,
): Promise<SiteContentVersionSummary & { status: 'draft' | 'published'; content: EditableContent }> {
  const [row] = await em.execute<VersionRow[]>(`select ${COLUMNS} from site_content_versions where id = ?`, [id]);
  if (!row) throw new DomainError('NOT_FOUND', `There is no version ${id} of the site's content`);
  return { ...summaryOf(row), status: row.status, content: storedContent(row.content) };
}

/** What the console's Site content page opens with. */
export async function siteContentState(em: EntityManager): Promise<SiteContentState> {
  const published = await newestPublished(em);
  const [draft] = await em.execute<VersionRow[]>(
    `select ${COLUMNS} from site_content_versions
      where status = 'draft' and created_at > coalesce(?::timestamptz, '-infinity')
      order by created_at desc, id desc limit 1`,
    [published?.publishedAt ?? null],
  );
  const content = draft ?? published;
  return {
    published: published ? summaryOf(published) : null,
    draft: draft ? summaryOf(draft) : null,
    content: content ? storedContent(content.content) : DEFAULT_CONTENT,
  };
}

type Change = { before: unknown; after: unknown };

/** Every leaf of a value by its dotted path (`impact.figures.0.value`). */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}.${key}` : key, into);
  } else {
    into.set(path, value);
  }
  return into;
}

/** The fields that differ, each with its value before and after (null where one side has none). */
export function contentChanges(before: EditableContent, after: EditableContent): Record<string, Change> {
  const old = leaves(before);
  const now = leaves(after);
  const changes: Record<string, Change> = {};
  for (const path of new Set([...old.keys(), ...now.keys()])) {
    const [was, is] = [old.get(path) ?? null, now.get(path) ?? null];
    if (was !== is) changes[path] = { before: was, after: is };
  }
  return changes;
}

/** Saves a draft (a new version); the audit trail gets what it changes against the published content. */
export async function saveSiteContentDraft(
  em: EntityManager,
  actor: Actor,
  input: unknown,
): Promise<SiteContentVersionSummary> {
  const content = editableContentSchema.parse(input);
  return em.transactional(async (tx) => {
    const ids = new Set(contentImageIds(content));
    if ((await imagesByIds(tx, [...ids])).length !== ids.size) {
      throw new DomainError('NOT_FOUND', 'A chosen photo no longer exists: choose another');
    }
    const [row] = await tx.execute<VersionRow[]>(
      `insert into site_content_versions (content, author) values (?::jsonb, ?) returning ${COLUMNS}`,
      [JSON.stringify(content), actor.username],
    );
    if (!row) throw new Error('the draft was not stored');
    const { content: published } = await publishedContent(tx);
    await audit(tx, actor, 'site_content_draft_saved', {
      version: row.id,
      changes: contentChanges(published, content),
    });
    return summaryOf(row);
  });
}

/**
 * Publishes a saved draft: exactly what was previewed. One publication at a time (an advisory
 * lock), and never a draft older than the version already published (it would undo that one's
 * changes unseen). The audit trail gets what it changes against the version it replaces.
 */
export async function publishSiteContent(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<SiteContentVersionSummary> {
  return em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('site_content_versions.publish'))`);
    const version = await siteContentVersion(tx, id);
    if (version.status === 'published') {
      throw new DomainError('CONFLICT', `Version ${id} of the site's content is already published`);
    }
    const before = await newestPublished(tx);
    if (before?.publishedAt && before.publishedAt > version.createdAt) {
      throw new DomainError(
        'CONFLICT',
        `Version ${before.id} was published after this draft was saved: open the page again to start from it`,
      );
    }
    const [row] = await tx.execute<VersionRow[]>(
      `update site_content_versions set status = 'published', published_at = clock_timestamp(), published_by = ?
        where id = ? and status = 'draft' returning ${COLUMNS}`,
      [actor.username, id],
    );
    if (!row) throw new DomainError('CONFLICT', `Version ${id} of the site's content is already published`);
    // Its photos are in use from now on (the Photos page will not delete them); one deleted meanwhile refuses it.
    await setImageUses(tx, SITE_CONTENT_IMAGE_USE, contentImageIds(version.content));
    await audit(tx, actor, 'site_content_published', {
      version: id,
      replaces: before?.id ?? null,
      changes: contentChanges(before ? storedContent(before.content) : DEFAULT_CONTENT, version.content),
    });
    return summaryOf(row);
  });
}
