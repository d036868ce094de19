import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { RouteInput } from '@shop/shared/api/routes';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import type { TaxProvider } from '../../src/modules/tax';
import { call } from './call';
import { verifyEmailAddress, type Mailbox } from './mailbox';

export const ADMIN_EMAIL = 'admin@shop.test';

/**
 * Whether this run is on PostgreSQL (TEST_DATABASE_URL; `npm run test:postgres`, and CI). Races
 * can happen only there: PGlite is one connection in this process, so requests cannot interleave
 * in the database and a race test passes on it whatever the code does.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const PASSWORD = 'correct-horse';

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  dataDir: string;
  close: () => Promise<void>;
}

let image: Promise<Blob> | undefined;

/** The migrated empty database global-setup.ts made for this run, read once per test file. */
function migratedImage(): Promise<Blob> {
  image ??= readFile(inject('pgliteImagePath')).then((bytes) => new Blob([bytes]));
  return image;
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again at close).
 */
export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  /** The PostgreSQL URL of the test database (absent on PGlite). */
  url?: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteImage: await migratedImage() });
    return { database, drop: async () => {} };
  }
  const name = `shop_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A copy of the run's migrated template (global-setup.ts): the migrations are not applied again.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Limits far above what any test does, so that a suite is never refused by one it does not test
 * (limits.test.ts and contact.test.ts lower them on purpose).
 */
const HIGH_TEST_LIMITS = {
  AUTH_RATE_LIMIT_MAX: '1000',
  MAX_OPEN_UNPAID_ORDERS: '1000',
  AUTH_EMAIL_RATE_LIMIT_MAX: '100000',
  WRITE_RATE_LIMIT_MAX: '100000',
  WRITE_RATE_LIMIT_IP_MAX: '100000',
  REVIEW_RATE_LIMIT_MAX: '100000',
  UPLOAD_RATE_LIMIT_MAX: '100000',
  ORDER_RATE_LIMIT_MAX: '100000',
  CONTACT_RATE_LIMIT_MAX: '100000',
};

/**
 * The settings every test app and test server starts with (DATA_DIR `dataDir`): test mode,
 * HIGH_TEST_LIMITS, silent logs (TEST_LOG=info to see them), the admin address, no web build,
 * then `env`. As environment variables, for a server started as its own process too.
 */
export function testSettings(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    ...HIGH_TEST_LIMITS,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  };
}

/** The AUTH_SECRET of test instances that share one database: each honours the other's sessions. */
export const SHARED_AUTH_SECRET = 'a-shared-secret-of-at-least-thirty-two-characters';

export interface TestAppOptions {
  /** Settings over testSettings' (a lower limit, SMTP_URL, PUBLIC_URL, a shared AUTH_SECRET). */
  env?: Record<string, string>;
  /**
   * The database: a fresh one by default (openTestDatabase, dropped at close). A handle given is
   * the caller's (another instance's, one behind a proxy, one reopened after a restart) and is
   * left open at close; 'from-settings' lets the app open its own from `env`'s DATABASE_URL.
   */
  database?: DatabaseHandle | 'from-settings';
  /** DATA_DIR: a fresh folder by default (removed at close); one given is the caller's and is kept. */
  dataDir?: string;
  /** A tax provider instead of the shop's own (one that fails, to see checkout refuse). */
  taxProvider?: TaxProvider;
}

/**
 * Builds the whole app, as `npm start` does, without listening: the one place a test app's
 * settings and app are made. Close it with `close()`, which leaves what the caller gave alone.
 */
export async function createTestApp({
  env = {},
  database,
  dataDir,
  taxProvider,
}: TestAppOptions = {}): Promise<TestContext> {
  const ownDataDir = dataDir === undefined;
  const folder = dataDir ?? mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const fresh = database === undefined ? await openTestDatabase() : undefined;
  const handle = fresh?.database ?? (database === 'from-settings' ? undefined : database);
  const app = await buildApp({
    config: loadConfig(testSettings(folder, env)),
    database: handle,
    taxProvider,
  });
  await app.ready();
  return {
    app,
    database: app.database,
    dataDir: folder,
    close: async () => {
      await app.close();
      if (fresh) {
        await fresh.database.close();
        await fresh.drop();
      }
      if (ownDataDir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface SignedIn {
  token: string;
  email: string;
  name: string;
  id: string;
  headers: { authorization: string };
}

/** Signs up a new account through the API and returns its bearer token. */
export async function signUp(shop: App | string, name: string, email: string): Promise<SignedIn> {
  const response = await call(shop, 'POST /account', { body: { name, email, password: PASSWORD } });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.text}`);
  const { token, user } = response.body;
  return {
    token,
    email,
    name,
    id: user._id,
    headers: { authorization: `Bearer ${token}` },
  };
}

/**
 * Signs up the ADMIN_EMAILS address and verifies it: the address is an admin only once it has
 * proved its mailbox (docs/behaviour.md §4.1). Pass the SmtpSink when the app has SMTP_URL (a
 * running server, given by its base URL, must have it).
 */
export async function signUpAdmin(shop: App | string, mailbox?: Mailbox): Promise<SignedIn> {
  const admin = await signUp(shop, 'Ada Admin', ADMIN_EMAIL);
  await verifyEmailAddress(shop, ADMIN_EMAIL, mailbox);
  return admin;
}
export const signUpCustomer = (shop: App | string, label = 'cat') =>
  signUp(shop, `Customer ${label}`, `${label}-${randomUUID().slice(0, 8)}@shop.test`);

export type ToolInput = RouteInput<'POST /tool'>['body'];

/** A valid tool body, with overrides. */
export function toolInput(overrides: Partial<ToolInput> = {}): ToolInput {
  return {
    name: 'Angled Sash Brush',
    availableQuantity: 500,
    orderQuantity: 10,
    perPartsPrice: 7,
    description: 'A synthetic angled brush for clean cutting-in along trim.',
    img: 'https://images.example.com/brush.webp',
    category: 'home',
    ...overrides,
  };
}

/** Adds a tool as the admin and returns its id. */
export async function addTool(shop: App | string, admin: SignedIn, overrides: Partial<ToolInput> = {}) {
  const response = await call(shop, 'POST /tool', { as: admin, body: toolInput(overrides) });
  if (response.status !== 201) throw new Error(`add tool failed: ${response.text}`);
  return response.body.insertedId;
}

export interface Shop<Label extends string> extends TestContext {
  admin: SignedIn;
  /** One signed-up customer per label asked for. */
  customers: Record<Label, SignedIn>;
  /** The tool added when one was asked for ('' otherwise). */
  toolId: string;
}

/**
 * The usual start of a test file: a fresh app (createTestApp's options), its admin, a customer per label, and
 * a tool with `tool` overrides when asked. Close it with `close()` in afterAll.
 */
export async function openShop<const Label extends string = never>({
  customers = [],
  tool,
  mailbox,
  ...app
}: TestAppOptions & {
  customers?: readonly Label[];
  tool?: Partial<ToolInput>;
  /** Where the admin's verification mail goes: the SmtpSink when `env` sets SMTP_URL. */
  mailbox?: Mailbox;
} = {}): Promise<Shop<Label>> {
  const ctx = await createTestApp(app);
  const admin = await signUpAdmin(ctx.app, mailbox);
  const signedUp = {} as Record<Label, SignedIn>;
  for (const label of customers) signedUp[label] = await signUpCustomer(ctx.app, label);
  const toolId = tool ? await addTool(ctx.app, admin, tool) : '';
  return { ...ctx, admin, customers: signedUp, toolId };
}
