import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/db/client';
import { call } from './helpers/call';
import { joinCompany, openCompany } from './helpers/companies';
import {
  SHARED_AUTH_SECRET,
  addTool,
  createTestApp,
  onPostgres,
  openTestDatabase,
  signUpAdmin,
  signUpCustomer,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * Two company admins deciding the same order at once, on two instances (docs/behaviour.md
 * §5.21): one wins, the other hears 409; the order is decided once, its event written once, and
 * a decline returns the stock once. Requests interleave only on PostgreSQL, so this runs in the
 * PostgreSQL pass.
 */
describe.skipIf(!onPostgres)('approvals racing on two instances', () => {
  const handles: DatabaseHandle[] = [];
  const instances: TestContext[] = [];
  let drop: () => Promise<void>;
  let one: App;
  let two: App;
  let firstAdmin: SignedIn;
  let secondAdmin: SignedIn;
  let buyer: SignedIn;
  let toolId: string;

  beforeAll(async () => {
    const test = await openTestDatabase();
    drop = test.drop;
    handles.push(test.database, await openDatabase({ url: test.url, poolSize: 10 }));
    for (const database of handles) {
      instances.push(await createTestApp({ database, env: { AUTH_SECRET: SHARED_AUTH_SECRET } }));
    }
    [one, two] = instances.map((instance) => instance.app) as [App, App];
    const admin = await signUpAdmin(one);
    toolId = await addTool(one, admin, { availableQuantity: 100_000, perPartsPrice: 5 });
    firstAdmin = await signUpCustomer(one, 'first-admin');
    const companyId = await openCompany(one, admin, firstAdmin);
    secondAdmin = await joinCompany(instances[0]!, firstAdmin, companyId, 'admin');
    buyer = await joinCompany(instances[0]!, firstAdmin, companyId, 'buyer', 1);
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const handle of handles) await handle.close();
    await drop?.();
  });

  const awaitingOrder = async () =>
    (
      await call(one, 'POST /order', {
        as: buyer,
        body: { toolsId: toolId, quantity: 10, phoneNumber: '01711000000', address: '4 Dock Road, Hull' },
      })
    ).body.insertedId;

  const eventsOf = async (orderId: string) =>
    rowsOf<{ kind: string }>(
      await handles[0]!.db.execute(
        sql`select kind from order_events where order_id = ${orderId} order by created_at, kind <> 'placed', id`,
      ),
    ).map((row) => row.kind);

  it('approves once when both approve, and decides once when one approves and the other declines', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await awaitingOrder();
      const answers = await Promise.all([
        call(one, 'POST /order/:id/approve', { as: firstAdmin, params: { id } }),
        call(two, 'POST /order/:id/approve', { as: secondAdmin, params: { id } }),
      ]);
      expect(
        answers.map((answer) => answer.status).sort(),
        answers.map((answer) => answer.text).join(' '),
      ).toEqual([200, 409]);
      expect(await eventsOf(id)).toEqual(['placed', 'approval-requested', 'approved']);
    }

    const stock = async () =>
      rowsOf<{ available_quantity: number }>(
        await handles[0]!.db.execute(sql`select available_quantity from tools where id = ${toolId}`),
      )[0]!.available_quantity;
    for (let round = 0; round < 5; round += 1) {
      const id = await awaitingOrder();
      const before = await stock();
      const answers = await Promise.all([
        call(one, 'POST /order/:id/approve', { as: firstAdmin, params: { id } }),
        call(two, 'POST /order/:id/decline-approval', {
          as: secondAdmin,
          params: { id },
          body: { reason: 'Not this month' },
        }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const declined = answers[1]!.status === 200;
      expect(await eventsOf(id)).toEqual(
        declined
          ? ['placed', 'approval-requested', 'approval-declined']
          : ['placed', 'approval-requested', 'approved'],
      );
      expect(await stock()).toBe(declined ? before + 10 : before);
    }
  });
});
