import type { Knex } from '@mikro-orm/knex';

/** What node-postgres answers a statement with: the rows it returned and the rows it touched. */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number | null;
}

/** A connection of the pool: node-postgres's client, as knex hands it out. */
interface PooledClient {
  query<Row>(text: string, values: readonly unknown[]): Promise<QueryResult<Row>>;
}

/** The part of knex's client that lends out the pool's connections (public, undocumented in its types). */
interface ConnectionLender {
  acquireConnection(): Promise<PooledClient>;
  releaseConnection(client: PooledClient): Promise<void>;
}

/**
 * Runs one statement (placeholders `$1`, `$2`, …) on a connection borrowed from the app's pool
 * (the ORM's: one pool, the same 10-connection limit) for that statement only, straight through
 * node-postgres. For the hottest paths: the ORM's `execute` and knex's `raw` cost about twice the
 * CPU of the statement's own round trip. Outside any transaction, by design: it takes its own
 * connection. Errors are node-postgres's (SQLSTATE in `code`), or knex's pool timeout, which the
 * app's outage and unstorable-text checks read.
 */
export async function pooledQuery<Row = never>(
  knex: Knex,
  text: string,
  values: readonly unknown[],
): Promise<QueryResult<Row>> {
  const lender = knex.client as unknown as ConnectionLender;
  const client = await lender.acquireConnection();
  try {
    return await client.query<Row>(text, values);
  } finally {
    await lender.releaseConnection(client);
  }
}
