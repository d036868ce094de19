import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '@shop/shared/api/routes';
import type { App } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { CHANGE_FEED_APPLICATION_NAME } from '../src/lib/postgres-change-feed';
import { call } from './helpers/call';
import { challengeOf } from './helpers/sign-in';
import {
  PASSWORD,
  SHARED_AUTH_SECRET,
  addTool,
  createTestApp,
  onPostgres,
  openTestDatabase,
  signUp,
  signUpAdmin,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';
import { totpCode, turnOnTwoFactor } from './helpers/two-factor';

/**
 * Two API instances on one PostgreSQL, as the compose file runs them: they share nothing but
 * the database and the auth secret. PGlite is single-connection and cannot be shared, so this
 * suite runs in the PostgreSQL pass (`npm run test:postgres`, and CI).
 */
describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  const handles: DatabaseHandle[] = [];
  const instances: TestContext[] = [];
  const apps: App[] = [];
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let one: App;
  let two: App;
  let admin: SignedIn;

  beforeAll(async () => {
    const test = await openTestDatabase();
    drop = test.drop;
    databaseUrl = test.url!;
    handles.push(test.database, await openDatabase({ url: test.url, poolSize: 10 }));
    for (const database of handles) {
      instances.push(await createTestApp({ database, env: { AUTH_SECRET: SHARED_AUTH_SECRET } }));
    }
    apps.push(...instances.map((instance) => instance.app));
    [one, two] = apps as [App, App];
    admin = await signUpAdmin(one);
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const handle of handles) await handle.close();
    await drop?.();
  });

  it('a token issued by one instance is honoured by the other, and a sign-out on one ends it on both', async () => {
    const customer = await signUp(one, 'Ines Instance', 'ines@shop.test');
    const onTwo = await call(two, 'GET /session', { as: customer });
    expect(onTwo.status).toBe(200);
    await call(two, 'DELETE /session', { as: customer });
    const afterSignOut = await call(one, 'GET /session', { as: customer });
    expect(afterSignOut.status).toBe(401);
  });

  it('an admin made on one instance is an admin on the other within the change feed delivery, though both knew the session', async () => {
    const promoted = await signUp(two, 'Pia Promoted', 'pia@shop.test');
    for (const app of apps) {
      expect((await call(app, 'GET /user', { as: promoted })).status).toBe(403);
    }
    await call(one, 'PUT /user/admin/:email', { as: admin, params: { email: promoted.email } });
    // The other instance drops its cached session when the change feed delivers (decision 0019).
    await expect
      .poll(async () => (await call(two, 'GET /user', { as: promoted })).status, {
        interval: 10,
        timeout: 2000,
      })
      .toBe(200);
  });

  it('a sign-out on one instance refuses the token on the other within the change feed delivery, though it had just served it', async () => {
    const customer = await signUp(one, 'Sid Signout', 'sid@shop.test');
    for (let i = 0; i < 3; i++) {
      expect((await call(two, 'GET /my-order', { as: customer })).status).toBe(200);
    }
    const signOut = await call(one, 'DELETE /session', { as: customer });
    expect(signOut.status).toBe(200);
    const onTwo = () => call(two, 'GET /my-order', { as: customer });
    await expect.poll(async () => (await onTwo()).status, { interval: 10, timeout: 2000 }).toBe(401);
    expect((await onTwo()).error).toMatchObject({
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('a TOTP code opens one session, though tried on both instances at once (docs/behaviour.md §4.13)', async () => {
    const account = await signUp(one, 'Tia Totp', `tia-${Date.now()}@shop.test`);
    const { totpUri } = await turnOnTwoFactor(one, account);
    const code = totpCode(totpUri, 1);
    const challengeOn = async (app: App) =>
      challengeOf(await call(app, 'POST /session', { body: { email: account.email, password: PASSWORD } }));
    const [onOne, onTwo] = await Promise.all([challengeOn(one), challengeOn(two)]);
    const answers = await Promise.all(
      (
        [
          [one, onOne],
          [two, onTwo],
        ] as const
      ).map(([app, challenge]) => call(app, 'POST /session/two-factor', { body: { challenge, code } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('orders placed through both instances at once never oversell the stock', async () => {
    const toolId = await addTool(one, admin, { availableQuantity: 30, orderQuantity: 1 });
    const buyers = [
      await signUp(one, 'Bo Buyer', 'bo@shop.test'),
      await signUp(two, 'Cy Buyer', 'cy@shop.test'),
    ];
    const attempts = Array.from({ length: 60 }, (_, index) =>
      call(apps[index % 2]!, 'POST /order', {
        as: buyers[index % 2]!,
        body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 1 },
      }),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    const tool = await call(two, 'GET /tool/:id', { params: { id: toolId } });
    expect(tool.body).toMatchObject({ availableQuantity: 0 });
  });

  // The catalogue is kept in each instance's memory (decision 0018); a write on one instance
  // reaches the other by LISTEN/NOTIFY, a few milliseconds after it is committed.
  const toolOn = (app: App, id: string) => call(app, 'GET /tool/:id', { params: { id } });
  const listedIdsOn = async (app: App) => (await call(app, 'GET /tool')).body.map((tool) => tool._id);
  const soon = { timeout: 2000, interval: 5 };

  it('a tool added, ordered, cancelled and deleted on one instance shows on the other at once', async () => {
    await listedIdsOn(two); // two has the catalogue in memory now
    const toolId = await addTool(one, admin, { availableQuantity: 50, orderQuantity: 2 });
    await expect.poll(() => listedIdsOn(two), soon).toContain(toolId);

    const buyer = await signUp(one, 'Dee Detail', 'dee@shop.test');
    expect((await toolOn(two, toolId)).body).toMatchObject({ availableQuantity: 50 });
    const order = await call(two, 'POST /order', {
      as: buyer,
      body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 6 },
    });
    expect(order.status).toBe(201);
    const stockOnOne = async () => (await toolOn(one, toolId)).body;
    await expect.poll(stockOnOne, soon).toMatchObject({ availableQuantity: 44 });

    const { insertedId } = order.body;
    await call(one, 'DELETE /order/:id', { as: buyer, params: { id: insertedId } });
    const stockOnTwo = async () => (await toolOn(two, toolId)).body;
    await expect.poll(stockOnTwo, soon).toMatchObject({ availableQuantity: 50 });

    await call(one, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    await expect.poll(async () => (await toolOn(two, toolId)).status, soon).toBe(404);
    expect(await listedIdsOn(two)).not.toContain(toolId);
  });

  it('a review hidden on one instance leaves the public list of the other at once, and comes back restored', async () => {
    const reviewIdsOn = async (app: App) => (await call(app, 'GET /review')).body.map((r) => r._id);
    const author = await signUp(one, 'Rae Reviewer', 'rae@shop.test');
    const posted = await call(one, 'POST /review', {
      as: author,
      body: { rating: 1, review: 'Something rude.' },
    });
    const { insertedId } = posted.body;
    await expect.poll(() => reviewIdsOn(two), soon).toContain(insertedId);

    const moderate = (body: RouteInput<'PATCH /moderation/reviews/:id'>['body']) =>
      call(one, 'PATCH /moderation/reviews/:id', { as: admin, params: { id: insertedId }, body });
    expect((await moderate({ hidden: true, reason: 'Abusive language' })).status).toBe(200);
    await expect.poll(() => reviewIdsOn(two), soon).not.toContain(insertedId);
    await moderate({ hidden: false });
    await expect.poll(() => reviewIdsOn(two), soon).toContain(insertedId);
  });

  it('an instance whose change-feed connection is cut reconnects and hears changes again', async () => {
    await listedIdsOn(two);
    const killer = new pg.Client({ connectionString: databaseUrl });
    await killer.connect();
    await killer.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [CHANGE_FEED_APPLICATION_NAME],
    );
    await killer.end();
    const toolId = await addTool(one, admin, { name: 'After The Cut' });
    await expect.poll(() => listedIdsOn(two), { ...soon, timeout: 5000 }).toContain(toolId);
    await expect.poll(() => two.changeFeed.isLive, { ...soon, timeout: 5000 }).toBe(true);
    const later = await addTool(two, admin, { name: 'Heard Again' });
    await expect.poll(() => listedIdsOn(one), soon).toContain(later);
  });
});
