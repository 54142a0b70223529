#!/usr/bin/env bash
# One way to the database: SQL goes through the entity manager (`em.execute`), which joins the
# current transaction. MikroORM's `getConnection().execute` does not: it runs on the shared pool,
# outside any transaction its caller is in. Only src/server/platform/db/ may touch the connection, and the
# create path may take its knex pool (`getConnection().getKnex()`) for the batched writes.
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(grep -rn --include='*.ts' --include='*.tsx' 'getConnection()' src scripts \
  | grep -v '^src/server/platform/db/' | grep -v 'getConnection()\.getKnex()' || true)
if [ -n "$found" ]; then
  echo "getConnection() outside src/server/platform/db/: use em.execute, which joins the caller's transaction" >&2
  echo "$found" >&2
  exit 1
fi
