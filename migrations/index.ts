// Every migration, in order. Listed explicitly (rather than found by a file glob at run time) so
// they load the same way under tsx, Vitest and a bundled build. `npm run db:migration:create`
// writes a new file here; add it to this list in the same commit.
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122164143 } from './Migration20261122164143';
import { Migration20261122170000 } from './Migration20261122170000';
import { Migration20261122180000 } from './Migration20261122180000';
import { Migration20261122190000 } from './Migration20261122190000';
import { Migration20261122200000 } from './Migration20261122200000';
import { Migration20261122203600 } from './Migration20261122203600';
import { Migration20261122210000 } from './Migration20261122210000';
import { Migration20261122220000 } from './Migration20261122220000';
import { Migration20261122223000 } from './Migration20261122223000';

export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122164143', class: Migration20261122164143 },
  { name: 'Migration20261122170000', class: Migration20261122170000 },
  { name: 'Migration20261122180000', class: Migration20261122180000 },
  { name: 'Migration20261122190000', class: Migration20261122190000 },
  { name: 'Migration20261122200000', class: Migration20261122200000 },
  { name: 'Migration20261122203600', class: Migration20261122203600 },
  { name: 'Migration20261122210000', class: Migration20261122210000 },
  { name: 'Migration20261122220000', class: Migration20261122220000 },
  { name: 'Migration20261122223000', class: Migration20261122223000 },
];
