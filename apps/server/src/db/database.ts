// Opens the one SQL dialect: PGlite in the data dir by default, PostgreSQL when a URL is given (architecture §4).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export type DatabaseOptions = {
  /** postgres:// URL; unset → PGlite. */
  url?: string | undefined;
  /** PGlite folder; 'memory' keeps it in memory (tests). */
  pgliteDir?: string | 'memory';
  /** PostgreSQL schema to use instead of public (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  /** Told of a PostgreSQL connection the server ended; unset → one line on stderr. */
  onIdleError?: (err: Error) => void;
};

const INT8 = 20;
// Ids are bigint in SQL but well below 2^53: answer them as numbers, as the SPEC's JSON does.
const parseInt8 = (v: string) => Number(v);

export async function openDatabase(opts: DatabaseOptions): Promise<Db> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
      types: {
        getTypeParser: (oid, format) => (oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format)),
      } as pg.CustomTypesConfig,
    });
    // A connection the database ended (restart, failover, outage) leaves the pool, and the next
    // query opens a new one. Unheard, its 'error' event would crash the process: the pool hears
    // idle ones, and each client is heard itself for the time it is checked out (a query in flight
    // fails on its own; the event comes as well).
    const lost = (err: Error) => {
      if (opts.onIdleError) opts.onIdleError(err);
      else process.stderr.write(`database: connection lost: ${err.message}\n`);
    };
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    if (opts.schema) {
      const client = await pool.connect();
      try {
        await client.query(`create schema if not exists "${opts.schema}"`);
      } finally {
        client.release();
      }
    }
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const dir = opts.pgliteDir ?? 'memory';
  // PGlite reads extensions only with a data-dir string: 'memory://' is its in-memory one.
  let dataDir = 'memory://';
  if (dir !== 'memory') {
    dataDir = join(dir, 'pglite');
    // PGlite does not create the parent folder.
    mkdirSync(dir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, { parsers: { [INT8]: parseInt8 }, extensions: { pg_trgm } });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
