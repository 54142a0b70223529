import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { APPLICATION_MAIL_STEPS } from '../../../shared/application-work.schema';
import { LANGUAGES } from '../../../shared/languages';

/**
 * A mail template staff saved for a step and a language (Migration20261129127000), read and written
 * with SQL by mail-templates.ts; mapped here so the schema and the migrations agree. No row: the
 * default (mail-template-defaults.ts).
 */
export const ApplicationMailTemplate = defineEntity({
  name: 'ApplicationMailTemplate',
  tableName: 'application_mail_templates',
  properties: (p) => ({
    step: p.enum([...APPLICATION_MAIL_STEPS]).primary(),
    language: p.enum([...LANGUAGES]).primary(),
    subject: p.text(),
    body: p.text(),
    updatedBy: p.text(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type ApplicationMailTemplate = InferEntity<typeof ApplicationMailTemplate>;

/** How many months declined and withdrawn applications are kept: one row, id 1, set by admins. */
export const ApplicationSettings = defineEntity({
  name: 'ApplicationSettings',
  tableName: 'application_settings',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(false),
    keepMonths: p.integer().default(12),
    updatedBy: p.text().nullable(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type ApplicationSettings = InferEntity<typeof ApplicationSettings>;

export const APPLICATION_WORK_ENTITIES = [ApplicationMailTemplate, ApplicationSettings];
