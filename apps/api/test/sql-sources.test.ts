import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type DatabaseHandle } from '../src/db/client';
import { readSqlSources, type SqlSource } from '../src/db/sql-sources';
import { openTestDatabase } from './helpers/test-app';

/**
 * The functions and triggers the database holds are the ones the source files define, as the
 * files define them (src/db/sql-sources.ts, decision 0037): a function or trigger written in a
 * migration instead, or a source that the database does not hold as written, fails here. On
 * PGlite in `npm test` and on PostgreSQL in the PostgreSQL pass.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const sources = readSqlSources();
const migrationsFolder = new URL('../drizzle/', import.meta.url);

/** Functions and triggers a source file defines, by name. */
const functionsOf = (source: SqlSource) =>
  [...source.text.matchAll(/CREATE OR REPLACE FUNCTION "?(\w+)"?\s*\(/g)].map((match) => match[1]!);
const triggersOf = (source: SqlSource) =>
  [...source.text.matchAll(/CREATE OR REPLACE TRIGGER "?(\w+)"?/g)].map((match) => match[1]!);

/** A function's body in a source file: the text between its dollar quotes, as PostgreSQL keeps it. */
function bodyIn(source: SqlSource, name: string): string {
  const start = source.text.search(new RegExp(`CREATE OR REPLACE FUNCTION "?${name}"?\\s*\\(`));
  const [, body] = /AS \$\$([\s\S]*?)\$\$/.exec(source.text.slice(start)) ?? [];
  if (body === undefined) throw new Error(`${source.name}: no $$ body for ${name}`);
  return body;
}

/** A CREATE TRIGGER statement in a comparable form: one case, one space, no quotes or schema. */
const comparable = (statement: string) =>
  statement
    .replace(/--.*$/gm, '')
    .replace(/CREATE OR REPLACE TRIGGER/i, 'CREATE TRIGGER')
    .replace(/"|public\.|;/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await database.db.execute(query));
}

describe('SQL source files', () => {
  it('are the only place a function or trigger is defined: no migration defines one', () => {
    const definers = readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.sql'))
      .filter((file) =>
        /CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i.test(
          readFileSync(new URL(file, migrationsFolder), 'utf8').replace(/--.*$/gm, ''),
        ),
      );
    expect(definers).toEqual([]);
  });

  it('define exactly the functions and triggers the database holds', async () => {
    const functions = await rows<{ name: string }>(sql`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        -- An extension's own functions (pg_trgm's, migration 0037) are the extension's, not ours.
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`);
    const triggers = await rows<{ name: string }>(sql`
      SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY 1`);
    expect(functions.map((row) => row.name)).toEqual(sources.flatMap(functionsOf).sort());
    expect(triggers.map((row) => row.name)).toEqual(sources.flatMap(triggersOf).sort());
  });

  it("are what the database holds: each function's body and each trigger's definition", async () => {
    for (const source of sources) {
      for (const name of functionsOf(source)) {
        const [held] = await rows<{ body: string }>(
          sql`SELECT prosrc AS body FROM pg_proc WHERE proname = ${name}`,
        );
        expect(held?.body, `${source.name}: ${name}`).toBe(bodyIn(source, name));
      }
      for (const name of triggersOf(source)) {
        const [held] = await rows<{ definition: string }>(sql`
          SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgname = ${name}`);
        const statement = new RegExp(`CREATE OR REPLACE TRIGGER "?${name}"?[^;]*;`).exec(source.text)![0];
        expect(comparable(held!.definition), `${source.name}: ${name}`).toBe(comparable(statement));
      }
    }
  });

  it('are recorded as applied with the digest of the file as it is', async () => {
    const applied = await rows<{ name: string; sha256: string }>(
      sql`SELECT name, sha256 FROM sql_sources ORDER BY name`,
    );
    expect(applied).toEqual(
      sources.map(({ name, sha256 }) => ({ name, sha256 })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
