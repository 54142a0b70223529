import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { APPLICATION_KINDS, APPLICATION_STATUSES, WANTED_SPECIES } from '../../../shared/applications';
import { LANGUAGES } from '../../../shared/languages';
import { Contact } from '../../platform/contacts/contact.entity';
import { User } from '../../platform/staff/user.entity';
import { Animal } from '../records/animal.entity';

/**
 * An application to adopt, foster, volunteer or partner with the trust: personal data under the
 * DPDP Act (erased on request, and after the admins' period once declined or withdrawn). `answers`
 * holds the kind's own questions (src/shared/applications.ts's forms); a partner's organisation and
 * offer are also a row of `contacts` (`contact`). `statusAt` is when it entered its status (the
 * overview counts those waiting over three days). An adoption names its animal, or the species a
 * family would take ("any dog that would suit us").
 */
export const Application = defineEntity({
  name: 'Application',
  tableName: 'applications',
  indexes: [
    // The console's list by kind and status, newest first.
    {
      name: 'applications_list_index',
      expression: 'create index "applications_list_index" on "applications" ("kind", "status", "created_at" desc)',
    },
    // The overview's "waiting over three days": only the open ones.
    {
      name: 'applications_waiting_index',
      expression: `create index "applications_waiting_index" on "applications" ("status_at") where "status" in ('new', 'contacted', 'home-visit', 'approved')`,
    },
    {
      name: 'applications_animal_index',
      expression:
        'create index "applications_animal_index" on "applications" ("animal_id") where "animal_id" is not null',
    },
    // The console's list newest first, whatever the filter, and its search (Migration20261129127000).
    {
      name: 'applications_created_index',
      expression: 'create index "applications_created_index" on "applications" ("created_at" desc, "id" desc)',
    },
    {
      name: 'applications_kind_created_index',
      expression:
        'create index "applications_kind_created_index" on "applications" ("kind", "created_at" desc, "id" desc)',
    },
    {
      name: 'applications_status_created_index',
      expression:
        'create index "applications_status_created_index" on "applications" ("status", "created_at" desc, "id" desc)',
    },
    {
      name: 'applications_search_trgm_index',
      expression:
        'create index "applications_search_trgm_index" on "applications" using gin (("name" || chr(31) || "email") gin_trgm_ops)',
    },
    // An applicant by their e-mail, any case: their "my data" link, an erasure.
    {
      name: 'applications_email_index',
      expression: 'create index "applications_email_index" on "applications" (lower("email"))',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    kind: p.enum([...APPLICATION_KINDS]),
    status: p.enum([...APPLICATION_STATUSES]).default('new'),
    animal: p.manyToOne(Animal).fieldName('animal_id').nullable().deleteRule('set null'),
    wantedSpecies: p.enum([...WANTED_SPECIES]).nullable(),
    contact: p.manyToOne(Contact).fieldName('contact_id').nullable().deleteRule('set null'),
    name: p.text(),
    email: p.text(),
    phone: p.text().default(''),
    language: p.enum([...LANGUAGES]).default('en'),
    answers: p.json<Record<string, unknown>>().columnType('jsonb').defaultRaw(`'{}'`),
    /** The staff member working it (users.id). */
    assignedTo: p.manyToOne(User).fieldName('assigned_to').nullable().deleteRule('set null'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    statusAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type Application = InferEntity<typeof Application>;

/** A step on an application: a status move, a note, an assignment or a mail sent; by whom, when. */
export const ApplicationEvent = defineEntity({
  name: 'ApplicationEvent',
  tableName: 'application_events',
  indexes: [
    {
      name: 'application_events_application_index',
      expression:
        'create index "application_events_application_index" on "application_events" ("application_id", "at")',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    application: p.manyToOne(Application).fieldName('application_id').deleteRule('cascade'),
    kind: p.enum(['status', 'note', 'assigned', 'mail'] as const),
    fromStatus: p.enum([...APPLICATION_STATUSES]).nullable(),
    toStatus: p.enum([...APPLICATION_STATUSES]).nullable(),
    text: p.text().default(''),
    byUser: p.text(),
    at: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type ApplicationEvent = InferEntity<typeof ApplicationEvent>;

export const APPLICATION_ENTITIES = [Application, ApplicationEvent];
