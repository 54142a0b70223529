import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/** A signed-in browser. Only the SHA-256 of its cookie's token is kept: a leaked table signs no one in. */
export const StaffSession = defineEntity({
  name: 'StaffSession',
  tableName: 'staff_sessions',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).fieldName('user_id').deleteRule('cascade').index('staff_sessions_user_id_index'),
    tokenHash: p.text().unique('staff_sessions_token_hash_unique'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastSeenAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    ip: p.text(),
  }),
});
export type StaffSession = InferEntity<typeof StaffSession>;

/** One failed sign-in, counted per account and per address for the slow-down and the lockout. */
export const SignInFailure = defineEntity({
  name: 'SignInFailure',
  tableName: 'staff_sign_in_failures',
  indexes: [
    { properties: ['username', 'at'], name: 'staff_sign_in_failures_username_at_index' },
    { properties: ['ip', 'at'], name: 'staff_sign_in_failures_ip_at_index' },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    username: p.text(),
    ip: p.text(),
    at: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    /** The SHA-256 of the guessing browser's device cookie, when it had one of this account's. */
    deviceHash: p.text().nullable(),
  }),
});
export type SignInFailure = InferEntity<typeof SignInFailure>;

/**
 * A browser that has signed in to an account before: its `staff_device` cookie, kept as its SHA-256.
 * While guesses lock an account out, its own people still sign in from their usual devices.
 */
export const StaffDevice = defineEntity({
  name: 'StaffDevice',
  tableName: 'staff_devices',
  properties: (p) => ({
    tokenHash: p.text().primary(),
    user: p.manyToOne(User).fieldName('user_id').deleteRule('cascade').index('staff_devices_user_id_index'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastUsedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type StaffDevice = InferEntity<typeof StaffDevice>;

/**
 * Who did what, when and from where. `username` is copied so the trail still reads after an
 * account is renamed; `userId` is null for a failed sign-in on an unknown name.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'staff_audit',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    at: p.datetime().columnType('timestamptz').defaultRaw('now()').index('staff_audit_at_index'),
    userId: p.integer().nullable(),
    username: p.text(),
    action: p.text(),
    ip: p.text(),
    details: p.json<Record<string, unknown>>().columnType('jsonb').nullable(),
  }),
});
export type AuditEntry = InferEntity<typeof AuditEntry>;

/**
 * A one-time link to create the first admin (setup-link.ts), printed in the server's log. Only the
 * SHA-256 of its token is kept: the table shows no one the link.
 */
export const StaffSetupToken = defineEntity({
  name: 'StaffSetupToken',
  tableName: 'staff_setup_tokens',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    tokenHash: p.text().unique('staff_setup_tokens_token_hash_unique'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    expiresAt: p.datetime().columnType('timestamptz'),
    usedAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});
export type StaffSetupToken = InferEntity<typeof StaffSetupToken>;

export const STAFF_ENTITIES = [StaffSession, SignInFailure, StaffDevice, AuditEntry, StaffSetupToken];
