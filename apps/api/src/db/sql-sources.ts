import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inApiFolder } from '../lib/api-folder';

/**
 * The database's functions and triggers, each defined once, in a source file of the module that
 * owns it (docs/decisions/0037-sql-in-source-files.md). Migrations change tables; these files are
 * the current state of the code that runs inside the database, applied after the migrations,
 * in this order (a trigger after its function), whenever a file differs from what the database
 * last got. test/sql-sources.test.ts compares what the database holds with the files.
 */
const SQL_SOURCES = [
  'audit/sql/append-only.sql',
  'catalogue/sql/tools-search-vector.sql',
  'ordering/sql/price-ladder.sql',
  'ordering/sql/place-order.sql',
  'ordering/sql/record-order-min-quantity.sql',
  'ordering/sql/queue-placed-mail.sql',
  'backoffice/metrics/sql/order-rollups.sql',
] as const;

export interface SqlSource {
  name: string;
  text: string;
  sha256: string;
}

export function readSqlSources(): SqlSource[] {
  return SQL_SOURCES.map((name) => {
    const text = readFileSync(inApiFolder('src/modules', name), 'utf8');
    return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
}

/** How a migration connection runs SQL: one statement with parameters, or a whole script. */
export interface SqlRunner {
  query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
  script: (text: string) => Promise<unknown>;
}

/**
 * Brings the database's functions and triggers to the source files. Each file's digest is kept
 * in `sql_sources` (sql-sources.table.ts); a file runs again only when it changed, so a start with nothing new takes no
 * lock on a table (a trigger's CREATE OR REPLACE locks its table). Run where the migrations
 * run: under their lock, as the role that owns the tables.
 */
export async function applySqlSources(runner: SqlRunner): Promise<string[]> {
  const { rows } = await runner.query('SELECT name, sha256 FROM sql_sources', []);
  const applied = new Map((rows as { name: string; sha256: string }[]).map((row) => [row.name, row.sha256]));
  const changed: string[] = [];
  for (const source of readSqlSources()) {
    if (applied.get(source.name) === source.sha256) continue;
    await runner.script(source.text);
    await runner.query(
      `INSERT INTO sql_sources (name, sha256) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, applied_at = now()`,
      [source.name, source.sha256],
    );
    changed.push(source.name);
  }
  return changed;
}
