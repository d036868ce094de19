import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database as a file (PGlite's dump); '' on PostgreSQL. */
    pgliteImagePath: string;
    /** On PostgreSQL, a migrated, empty database every test database is copied from; '' on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Once per run, before any test file: migrates an empty database, from which every test file's
 * database is then made (helpers/test-app.ts) instead of applying every migration again (some
 * 3 s each on PGlite): on PGlite a dump in a file, on PostgreSQL (TEST_DATABASE_URL) a template
 * database that CREATE DATABASE copies.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteImagePath', '');
    const name = `shop_template_${randomUUID().replaceAll('-', '')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closed again at once: a template is copied only while no one is connected to it.
    await (await openDatabase({ url: url.toString(), poolSize: 1 })).close();
    project.provide('postgresTemplate', name);
    return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  project.provide('postgresTemplate', '');
  const database = await openDatabase({});
  const image = await database.dumpImage!();
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImagePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
