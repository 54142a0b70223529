import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { StaffRole } from '../../../shared/staff.schema';

/**
 * A staff member of the console. `password` holds an argon2id hash, never a password; `admin`
 * manages staff, `staff` does everything else. A disabled account cannot sign in.
 */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    username: p.text().unique(),
    password: p.text().hidden().lazy(),
    displayName: p.text().default(''),
    role: p.text().$type<StaffRole>().default('staff'),
    disabled: p.boolean().default(false),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastSignInAt: p.datetime().columnType('timestamptz').nullable(),
    /** Where the health list's alerts go (admins); optional, set in Staff accounts or by the person. */
    email: p.text().nullable(),
  }),
});

export type User = InferEntity<typeof User>;
