// Every migration, in order. Listed explicitly (rather than found by a file glob at run time) so
// they load the same way under tsx, Vitest and a bundled build. `npm run db:migration:create`
// writes a new file here; add its line to this list in the same commit.
//
// Each is loaded only when it must run: a migration's module imports the migrator (umzug and its
// command-line parser), about a tenth of the server's start, and a restart on an up-to-date
// database needs only the names (platform/db/orm.ts).
import type { MigrationObject } from '@mikro-orm/core';

export interface ListedMigration {
  name: string;
  load(): Promise<MigrationObject['class']>;
}

export const migrations: ListedMigration[] = [
  {
    name: 'Migration20261122164143',
    load: async () => (await import('./Migration20261122164143')).Migration20261122164143,
  },
  {
    name: 'Migration20261122170000',
    load: async () => (await import('./Migration20261122170000')).Migration20261122170000,
  },
  {
    name: 'Migration20261122180000',
    load: async () => (await import('./Migration20261122180000')).Migration20261122180000,
  },
  {
    name: 'Migration20261122190000',
    load: async () => (await import('./Migration20261122190000')).Migration20261122190000,
  },
  {
    name: 'Migration20261122200000',
    load: async () => (await import('./Migration20261122200000')).Migration20261122200000,
  },
  {
    name: 'Migration20261122203600',
    load: async () => (await import('./Migration20261122203600')).Migration20261122203600,
  },
  {
    name: 'Migration20261122210000',
    load: async () => (await import('./Migration20261122210000')).Migration20261122210000,
  },
  {
    name: 'Migration20261122220000',
    load: async () => (await import('./Migration20261122220000')).Migration20261122220000,
  },
  {
    name: 'Migration20261122223000',
    load: async () => (await import('./Migration20261122223000')).Migration20261122223000,
  },
  {
    name: 'Migration20261124150000',
    load: async () => (await import('./Migration20261124150000')).Migration20261124150000,
  },
  {
    name: 'Migration20261124170000',
    load: async () => (await import('./Migration20261124170000')).Migration20261124170000,
  },
  {
    name: 'Migration20261124190000',
    load: async () => (await import('./Migration20261124190000')).Migration20261124190000,
  },
  {
    name: 'Migration20261124200000',
    load: async () => (await import('./Migration20261124200000')).Migration20261124200000,
  },
  {
    name: 'Migration20261124220000',
    load: async () => (await import('./Migration20261124220000')).Migration20261124220000,
  },
  {
    name: 'Migration20261124230000',
    load: async () => (await import('./Migration20261124230000')).Migration20261124230000,
  },
  {
    name: 'Migration20261124240000',
    load: async () => (await import('./Migration20261124240000')).Migration20261124240000,
  },
  {
    name: 'Migration20261125100000',
    load: async () => (await import('./Migration20261125100000')).Migration20261125100000,
  },
  {
    name: 'Migration20261125110000',
    load: async () => (await import('./Migration20261125110000')).Migration20261125110000,
  },
  {
    name: 'Migration20261125120000',
    load: async () => (await import('./Migration20261125120000')).Migration20261125120000,
  },
  {
    name: 'Migration20261125130000',
    load: async () => (await import('./Migration20261125130000')).Migration20261125130000,
  },
  {
    name: 'Migration20261125140000',
    load: async () => (await import('./Migration20261125140000')).Migration20261125140000,
  },
  {
    name: 'Migration20261125150000',
    load: async () => (await import('./Migration20261125150000')).Migration20261125150000,
  },
  {
    name: 'Migration20261125160000',
    load: async () => (await import('./Migration20261125160000')).Migration20261125160000,
  },
  {
    name: 'Migration20261125170000',
    load: async () => (await import('./Migration20261125170000')).Migration20261125170000,
  },
  {
    name: 'Migration20261125175000',
    load: async () => (await import('./Migration20261125175000')).Migration20261125175000,
  },
  {
    name: 'Migration20261125180000',
    load: async () => (await import('./Migration20261125180000')).Migration20261125180000,
  },
  {
    name: 'Migration20261125201000',
    load: async () => (await import('./Migration20261125201000')).Migration20261125201000,
  },
  {
    name: 'Migration20261127100000',
    load: async () => (await import('./Migration20261127100000')).Migration20261127100000,
  },
  {
    name: 'Migration20261127110000',
    load: async () => (await import('./Migration20261127110000')).Migration20261127110000,
  },
  {
    name: 'Migration20261127130000',
    load: async () => (await import('./Migration20261127130000')).Migration20261127130000,
  },
  {
    name: 'Migration20261127131000',
    load: async () => (await import('./Migration20261127131000')).Migration20261127131000,
  },
  {
    name: 'Migration20261127140000',
    load: async () => (await import('./Migration20261127140000')).Migration20261127140000,
  },
  {
    name: 'Migration20261127150000',
    load: async () => (await import('./Migration20261127150000')).Migration20261127150000,
  },
  {
    name: 'Migration20261127160000',
    load: async () => (await import('./Migration20261127160000')).Migration20261127160000,
  },
  {
    name: 'Migration20261127170000',
    load: async () => (await import('./Migration20261127170000')).Migration20261127170000,
  },
  {
    name: 'Migration20261127180000',
    load: async () => (await import('./Migration20261127180000')).Migration20261127180000,
  },
  {
    name: 'Migration20261127190000',
    load: async () => (await import('./Migration20261127190000')).Migration20261127190000,
  },
  {
    name: 'Migration20261128020000',
    load: async () => (await import('./Migration20261128020000')).Migration20261128020000,
  },
  {
    name: 'Migration20261128030000',
    load: async () => (await import('./Migration20261128030000')).Migration20261128030000,
  },
  {
    name: 'Migration20261128031000',
    load: async () => (await import('./Migration20261128031000')).Migration20261128031000,
  },
  {
    name: 'Migration20261128032000',
    load: async () => (await import('./Migration20261128032000')).Migration20261128032000,
  },
  {
    name: 'Migration20261128040000',
    load: async () => (await import('./Migration20261128040000')).Migration20261128040000,
  },
  {
    name: 'Migration20261128041000',
    load: async () => (await import('./Migration20261128041000')).Migration20261128041000,
  },
  {
    name: 'Migration20261128050000',
    load: async () => (await import('./Migration20261128050000')).Migration20261128050000,
  },
  {
    name: 'Migration20261128060000',
    load: async () => (await import('./Migration20261128060000')).Migration20261128060000,
  },
  {
    name: 'Migration20261128100000',
    load: async () => (await import('./Migration20261128100000')).Migration20261128100000,
  },
  {
    name: 'Migration20261129064000',
    load: async () => (await import('./Migration20261129064000')).Migration20261129064000,
  },
  {
    name: 'Migration20261129064100',
    load: async () => (await import('./Migration20261129064100')).Migration20261129064100,
  },
  {
    name: 'Migration20261129070000',
    load: async () => (await import('./Migration20261129070000')).Migration20261129070000,
  },
  {
    name: 'Migration20261129080000',
    load: async () => (await import('./Migration20261129080000')).Migration20261129080000,
  },
  {
    name: 'Migration20261129081000',
    load: async () => (await import('./Migration20261129081000')).Migration20261129081000,
  },
  {
    name: 'Migration20261129120000',
    load: async () => (await import('./Migration20261129120000')).Migration20261129120000,
  },
  {
    name: 'Migration20261129121000',
    load: async () => (await import('./Migration20261129121000')).Migration20261129121000,
  },
  {
    name: 'Migration20261129125000',
    load: async () => (await import('./Migration20261129125000')).Migration20261129125000,
  },
  {
    name: 'Migration20261129127000',
    load: async () => (await import('./Migration20261129127000')).Migration20261129127000,
  },
  {
    name: 'Migration20261129128000',
    load: async () => (await import('./Migration20261129128000')).Migration20261129128000,
  },
];
