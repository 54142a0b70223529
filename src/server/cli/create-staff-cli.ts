// `npm run staff:create -- --username NAME --role admin|staff [--name "Display Name"]`: creates a
// staff account. The password comes from standard input when piped (scripts), else a prompt
// that does not echo. Refusals print one line and exit non-zero.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { passwordSchema, STAFF_ROLES, usernameSchema } from '../../shared/staff.schema';
import { prompt, readPiped } from '../platform/core/cli-input';
import { DomainError } from '../platform/core/domain-error';
import { createLogger } from '../platform/core/logger';
import { createAccount } from '../platform/staff/staff-accounts';
import { configOrExit, databaseOrExit } from '../wiring/entry-point';

const argsSchema = z.object({
  username: usernameSchema,
  role: z.enum(STAFF_ROLES, { error: 'must be admin or staff' }),
  name: z.string().trim().max(100).default(''),
});

function refuse(reason: string): never {
  console.error(`staff:create: ${reason}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: { username: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
});
const args = argsSchema.safeParse(values);
if (!args.success) {
  const issue = args.error.issues[0];
  refuse(`--${issue?.path.join('.') ?? 'arguments'} ${issue?.message ?? 'is invalid'}`);
}

const password = process.stdin.isTTY ? await prompt('Password (at least 12 characters): ') : await readPiped();
const checked = passwordSchema.safeParse(password);
if (!checked.success) refuse(`the password ${checked.error.issues[0]?.message.toLowerCase() ?? 'is invalid'}`);

const config = configOrExit();
const logger = createLogger({ ...config, logLevel: 'warn' });
const database = await databaseOrExit(config, logger);
const { orm } = database;
let failure: string | undefined;
try {
  const account = await createAccount(orm.em.fork(), {
    username: args.data.username,
    displayName: args.data.name,
    role: args.data.role,
    password: checked.data,
  });
  console.log(`Created ${account.role} account "${account.username}" (id ${account.id})`);
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  failure = error.message;
} finally {
  await database.close();
}
if (failure) refuse(failure);
