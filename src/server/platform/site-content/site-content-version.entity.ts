import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { EditableContent } from '../../../shared/site-content';

/** A draft is saved, previewed, then published; the newest published version is what the pages show. */
export const SITE_CONTENT_STATUSES = ['draft', 'published'] as const;
export type SiteContentStatus = (typeof SITE_CONTENT_STATUSES)[number];

/**
 * One version of what staff edit of the website (shared/site-content.ts's EditableContent, whole):
 * each saved draft is a row; publishing one stamps it, and the pages of every instance follow the
 * newest published row (transports/web/site-pages.ts checks for it every few seconds). Rows are never changed
 * otherwise, so the history of the site's texts stays readable.
 */
export const SiteContentVersion = defineEntity({
  name: 'SiteContentVersion',
  tableName: 'site_content_versions',
  indexes: [{ properties: ['publishedAt'], name: 'site_content_versions_published_at_index' }],
  checks: [
    {
      name: 'site_content_versions_published_check',
      expression: "(status = 'published') = (published_at is not null and published_by is not null)",
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    content: p.json<EditableContent>().columnType('jsonb'),
    status: p.enum([...SITE_CONTENT_STATUSES]).default('draft'),
    /** The staff member who saved it (their username, so it still reads after the account is renamed). */
    author: p.text(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    publishedAt: p.datetime().columnType('timestamptz').nullable(),
    publishedBy: p.text().nullable(),
  }),
});
export type SiteContentVersion = InferEntity<typeof SiteContentVersion>;
