import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isPermissionDenied } from '../lib/database-errors';
import { grantShopRole } from './shop-role-grants';
import { applySqlSources } from './sql-sources';
import { inApiFolder } from '../lib/api-folder';

/** One type for both drivers: services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A database or a transaction on it: services that compose take either. */
export type DbExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** A transaction on the database, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL's connection string (the change feed opens a connection of its own); absent on PGlite. */
  url?: string;
  close: () => Promise<void>;
  /** PGlite only: the whole database as one file, to start another from (`pgliteImage`). */
  dumpImage?: () => Promise<Blob>;
}

const migrationsFolder = inApiFolder('drizzle');
/** Any constant: two instances starting together take turns applying migrations. */
const MIGRATION_LOCK_ID = 72_505_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /**
   * PostgreSQL only: the role that owns the tables applies the migrations and grants `url`'s
   * role its rights (shop-role-grants.ts); absent, `url`'s role applies them itself.
   */
  migrationUrl?: string;
  /** Where PGlite keeps its files; absent means in memory (tests). */
  dataDir?: string;
  /**
   * In memory only: start from this dump of a database already migrated (PGlite's
   * dumpDataDir), not from an empty one. The tests' shops start so, each from the image made
   * once per run (test/global-setup.ts), skipping some 3 s of migrations each.
   */
  pgliteImage?: Blob;
  poolSize?: number;
}

/** Opens the database and applies every committed migration before anything else runs. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.migrationUrl);
  return openPglite(options.dataDir, options.pgliteImage);
}

async function openPostgres(url: string, poolSize: number, migrationUrl?: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection cut by the server (restart, failover) emits 'error' on the pool; without
  // a listener that would crash the process. The pool replaces the connection on next use.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  try {
    if (migrationUrl) {
      await migrateAsOwner(migrationUrl, databaseRoleOf(url));
    } else {
      const client = await pool.connect();
      await migrateWith(client)
        .catch((error: unknown) => {
          throw isPermissionDenied(error) ? needsMigrationUrl(error) : error;
        })
        .finally(() => client.release());
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePostgres(pool) as unknown as Database;
  return { db, kind: 'postgres', url, close: () => closePool(pool) };
}

/** The role a PostgreSQL URL signs in as. */
const databaseRoleOf = (url: string): string => decodeURIComponent(new URL(url).username);

/**
 * Applies every committed migration, then the SQL source files (sql-sources.ts), on one
 * connection. Two instances starting together take turns (an advisory lock), and the second
 * finds nothing left to do.
 */
async function migrateWith(client: pg.PoolClient | pg.Client, then?: () => Promise<void>): Promise<void> {
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    await applySqlSources({
      query: (text, params) => client.query(text, params),
      script: (text) => client.query(text),
    });
    await then?.();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
  }
}

/**
 * The owner's connection is opened for the migrations and the grants that follow them, and
 * closed again: the shop runs as `shopRole` from then on (docs/decisions/0035-database-roles.md).
 */
async function migrateAsOwner(migrationUrl: string, shopRole: string): Promise<void> {
  const owner = new pg.Client({ connectionString: migrationUrl });
  await owner.connect();
  try {
    const isOtherRole = shopRole !== databaseRoleOf(migrationUrl);
    await migrateWith(owner, isOtherRole ? () => grantShopRole(owner, shopRole) : undefined);
  } finally {
    await owner.end();
  }
}

/** DATABASE_URL's role owns no table (decision 0035): say which setting names the one that does. */
const needsMigrationUrl = (cause: unknown) =>
  new Error(
    "The database role may not apply the shop's migrations (permission denied): set " +
      "MIGRATION_DATABASE_URL to the role that owns the shop's tables (README, Configuration; docs/decisions/0035)",
    { cause },
  );

/**
 * pg's Pool.end() resolves once it has asked its connections to close, not once they have;
 * wait for each to be removed so that a database dropped right after (tests) or a process
 * exiting sees no half-closed connection.
 */
async function closePool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const allRemoved = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (++removed >= open) resolve();
    });
  });
  await pool.end();
  await Promise.race([allRemoved, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

/**
 * PGlite's own start parameters plus a smaller buffer cache: PostgreSQL's default 128 MB of
 * shared_buffers lives inside PGlite's WebAssembly memory, so in the server's resident memory;
 * the shop's data is small and the operating system caches the files anyway
 * (docs/decisions/0019-orders-in-one-round-trip.md, "Memory").
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

/**
 * The PostgreSQL extensions the migrations create, which PGlite loads only when asked: pg_trgm's
 * trigram indexes find Total Orders' searches by part of a name or an e-mail (migration 0037).
 */
const pgliteExtensions = { pg_trgm };

/**
 * V8 compiles PGlite's WebAssembly twice by default: quickly (Liftoff), then again, optimised, for
 * what runs often. The second copy and its compilation cost about 50 MB of resident memory and
 * bought no measurable speed for the shop's queries; the flag is read when the module compiles
 * (docs/decisions/0026-embedded-database-memory.md). PostgreSQL deployments load no WebAssembly.
 */
const WASM_FLAGS = '--liftoff-only';

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<DatabaseHandle> {
  v8.setFlagsFromString(WASM_FLAGS);
  let client: PGlite;
  if (dataDir) {
    const pgdata = path.resolve(dataDir, 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await createClusterInChildProcess(pgdata);
    client = new PGlite(pgdata, { startParams: pgliteStartParams, extensions: pgliteExtensions });
  } else {
    client = new PGlite({ startParams: pgliteStartParams, extensions: pgliteExtensions, loadDataDir: image });
  }
  const pgliteDb = drizzlePglite(client);
  // From an image, nothing is left to apply: a few milliseconds to find so.
  await migratePglite(pgliteDb, { migrationsFolder });
  await applySqlSources({
    query: (text, params) => client.query(text, params),
    script: (text) => client.exec(text),
  });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    dumpImage: () => client.dumpDataDir('none'),
  };
}

/**
 * A new data directory is made by a short-lived child process, as PostgreSQL's own initdb is a
 * program of its own: its peak memory leaves with it (docs/decisions/0026-embedded-database-memory.md).
 */
async function createClusterInChildProcess(pgdata: string): Promise<void> {
  const script = inApiFolder('src/db/create-pglite-cluster.mjs');
  const child = spawn(process.execPath, [WASM_FLAGS, script, pgdata, JSON.stringify(pgliteStartParams)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${pgdata} failed (exit code ${code})`);
}

/**
 * The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`, but the
 * shared Database type cannot say so.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
