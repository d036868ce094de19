import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { openDatabase } from '../src/db/client';
import { call } from './helpers/call';
import { addTool, createTestApp, signUpAdmin, type TestContext } from './helpers/test-app';

/**
 * The role layout of deploy/postgres-roles.sql (docs/decisions/0035-database-roles.md): an
 * owner role applies the migrations, the shop runs as a role that owns no table. PGlite has no
 * roles and no logins, so this suite runs in the PostgreSQL pass (`npm run test:postgres`).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** Role and database names of this run's own: roles are the server's, and other runs share it. */
const suffix = randomBytes(6).toString('hex');
const names = { owner: `shop_owner_${suffix}`, app: `shop_app_${suffix}`, database: `shop_roles_${suffix}` };

/**
 * deploy/postgres-roles.sql as psql runs it for this test's names: its psql commands (`\getenv`)
 * left out, the variables they set and psql's own DBNAME written in.
 */
function rolesScript(): string {
  const script = readFileSync(new URL('../../../deploy/postgres-roles.sql', import.meta.url), 'utf8');
  return script
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replaceAll(":'owner_password'", "'owner-password'")
    .replaceAll(":'app_password'", "'app-password'")
    .replaceAll(':"DBNAME"', `"${names.database}"`)
    .replaceAll(/\bshop_owner\b/g, names.owner)
    .replaceAll(/\bshop_app\b/g, names.app);
}

/** The test server's URL, signed in as `role`, in the test's database. */
function urlAs(role: string, password: string, database = names.database): string {
  const url = new URL(serverUrl!);
  url.username = role;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

async function asSuperuser(database: string | null, statements: string): Promise<void> {
  const url = new URL(serverUrl!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('the shop on a role of its own, the tables on the owner role', () => {
  // Built only where the suite runs: on PGlite there is no server URL to build them from.
  const appUrl = serverUrl ? urlAs(names.app, 'app-password') : '';
  const ownerUrl = serverUrl ? urlAs(names.owner, 'owner-password') : '';
  let instance: TestContext;
  let app: App;
  /** A connection as the shop's role, for the SQL a bug or an injection in the shop could run. */
  let asShop: pg.Client;

  beforeAll(async () => {
    // As the postgres image does: the superuser makes the database, then runs the init script in it.
    await asSuperuser(null, `CREATE DATABASE "${names.database}"`);
    await asSuperuser(names.database, rolesScript());
    // The app opens its database as `npm start` does: from DATABASE_URL, migrated by the owner role.
    instance = await createTestApp({
      database: 'from-settings',
      env: { DATABASE_URL: appUrl, MIGRATION_DATABASE_URL: ownerUrl },
    });
    app = instance.app;
    asShop = new pg.Client({ connectionString: appUrl });
    await asShop.connect();
  });

  afterAll(async () => {
    await asShop?.end();
    await instance?.close();
    await asSuperuser(null, `DROP DATABASE IF EXISTS "${names.database}" WITH (FORCE)`);
    await asSuperuser(null, `DROP ROLE IF EXISTS "${names.app}"; DROP ROLE IF EXISTS "${names.owner}"`);
  });

  /** PostgreSQL's answer to a statement run as the shop's role: 'done', or the error's code. */
  const asShopRole = (statement: string) =>
    asShop.query(statement).then(
      () => 'done',
      (error: { code?: string }) => error.code,
    );

  it('the shop works on its own role: an admin adds a tool, its audit row is written and listed', async () => {
    const admin = await signUpAdmin(app);
    await addTool(app, admin);
    const events = await call(app, 'GET /audit-events', { as: admin });
    expect(events.status).toBe(200);
    expect(events.body.map((event) => event.kind)).toContain('tool.create');
    const { rows } = await asShop.query<{ role: string }>('SELECT current_user AS role');
    expect(rows[0]!.role).toBe(names.app);
  });

  it("the owner role owns every table of the shop; the shop's role owns none", async () => {
    const { rows } = await asShop.query<{ owner: string; tables: number }>(
      "SELECT tableowner AS owner, count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public' GROUP BY 1",
    );
    expect(rows).toEqual([{ owner: names.owner, tables: expect.any(Number) }]);
  });

  it("the shop's role cannot empty, change or delete the audit trail, nor drop or disable its triggers", async () => {
    const { rows: before } = await asShop.query('SELECT * FROM audit_events ORDER BY id');
    expect(before.length).toBeGreaterThan(0);
    const insufficientPrivilege = '42501';
    for (const statement of [
      'TRUNCATE audit_events',
      "UPDATE audit_events SET kind = 'tool.delete'",
      'DELETE FROM audit_events',
      'DROP TRIGGER audit_events_append_only ON audit_events',
      'DROP TRIGGER audit_events_no_truncate ON audit_events',
      'ALTER TABLE audit_events DISABLE TRIGGER ALL',
      'DROP TABLE audit_events',
      'DROP FUNCTION audit_events_append_only() CASCADE',
      // No table at all can be emptied at once by the shop.
      'TRUNCATE orders',
    ]) {
      expect(await asShopRole(statement), statement).toBe(insufficientPrivilege);
    }
    const { rows: after } = await asShop.query('SELECT * FROM audit_events ORDER BY id');
    expect(after).toEqual(before);
  });

  it('a shop started on its own role alone cannot migrate, and says which setting it needs', async () => {
    await expect(openDatabase({ url: appUrl })).rejects.toThrow(/set MIGRATION_DATABASE_URL/);
  });

  it('a second start applies nothing new and grants again what the shop holds', async () => {
    const again = await openDatabase({ url: appUrl, migrationUrl: ownerUrl, poolSize: 1 });
    await again.close();
    expect(
      await asShopRole(
        "INSERT INTO audit_events (actor_user_id, actor_email, actor_name, kind, target_type, target_id, target_label) VALUES ('x', 'x@shop.test', 'X', 'tool.edit', 'tool', 'x', 'X')",
      ),
    ).toBe('done');
    expect(await asShopRole('DELETE FROM audit_events')).toBe('42501');
  });
});
