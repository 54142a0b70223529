import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** Kept from the specification's data model; no screen writes to it yet. */
export const Contact = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.text(),
    email: p.text(),
    subject: p.text(),
    message: p.text(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type Contact = InferEntity<typeof Contact>;
