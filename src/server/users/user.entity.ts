import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** No screen uses it yet; it exists for the staff sign-in to come. `password` holds a hash. */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    username: p.text().unique(),
    password: p.text().hidden().lazy(),
  }),
});

export type User = InferEntity<typeof User>;
