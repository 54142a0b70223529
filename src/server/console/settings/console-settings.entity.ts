import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * The console's settings, one row (id 1), read and written with SQL by console-settings.ts; mapped
 * here so the schema and the migrations agree. The secrets' columns hold field-cipher text.
 */
export const ConsoleSettings = defineEntity({
  name: 'ConsoleSettings',
  tableName: 'console_settings',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(false),
    razorpayKeyId: p.text().nullable(),
    razorpayKeySecret: p.text().nullable(),
    razorpayWebhookSecret: p.text().nullable(),
    smtpHost: p.text().nullable(),
    smtpPort: p.integer().nullable(),
    smtpUser: p.text().nullable(),
    smtpPassword: p.text().nullable(),
    mailFromAddress: p.text().nullable(),
    mailFromName: p.text().nullable(),
    version: p.integer().default(0),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    /** The last check of the keys in force (razorpay-check.ts): which key, accepted or not, when. */
    razorpayCheckedKeyId: p.text().nullable(),
    razorpayCheckOk: p.boolean().nullable(),
    razorpayCheckedAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});

export type ConsoleSettings = InferEntity<typeof ConsoleSettings>;
