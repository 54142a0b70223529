import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectionException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { TRPCError } from '@trpc/server';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises what an unreachable database throws, however it is wrapped', async () => {
    // A real refused connection, as node-postgres reports it.
    const refused = await new pg.Client({ host: '127.0.0.1', port: 1 }).connect().catch((error: unknown) => error);
    // A stopped server's Unix socket is gone: connecting to it fails with ENOENT.
    const noSocket = await new pg.Client({ host: join(tmpdir(), 'no-postgres-here'), port: 5432 })
      .connect()
      .catch((error: unknown) => error);
    const unavailable = [
      refused,
      noSocket,
      new ConnectionException(new Error('connect ECONNREFUSED')),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Transaction query already complete, run with DEBUG=knex:tx for more info'),
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
      new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')]),
      new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('leaves bugs and refusals of the data alone', () => {
    const others = [
      new Error('boom'),
      // A missing file is a bug, not an outage.
      Object.assign(withCode("ENOENT: no such file or directory, open '/srv/receipt.pdf'", 'ENOENT'), {
        path: '/srv/receipt.pdf',
      }),
      new UniqueConstraintViolationException(withCode('duplicate key value', '23505')),
      withCode('syntax error', '42601'),
      new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input' }),
      undefined,
      'a string',
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
