import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteKey } from '@shop/shared/api/routes';
import type { AuditEvent } from '@shop/shared/contracts/audit';
import { auditEvents } from '../src/modules/audit/audit-events.table';
import { recordAudit } from '../src/modules/audit/record-audit';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { failedPlacedMail } from './helpers/failed-order-mail';
import { addTool, openShop, signUpCustomer, toolInput, type Shop, type SignedIn } from './helpers/test-app';

/**
 * docs/behaviour.md §8.8: every admin write records exactly one audit row, in its own
 * transaction. The routes come from the shared route table, so an admin route added without a
 * scenario here (and without recordAudit in its service) fails this file.
 */
type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Expected {
  kind: string;
  target: { type: string; id: string; label: string };
  before?: unknown;
  after?: unknown;
  note?: string | null;
}
interface Scenario {
  /** Makes what the action needs (its own admin actions are recorded before the count starts). */
  prepare: () => Promise<{ url: string; payload?: object; expected: (body: unknown) => Expected }>;
}

let shop: Shop<'buyer'>;
const db = () => shop.database.db;

const adminWriteRoutes = (Object.keys(apiRoutes) as RouteKey[]).filter(
  (key) => apiRoutes[key].access === 'admin' && !key.startsWith('GET '),
);

/** Admin writes that record nothing, each with its reason (docs/decisions/0028). */
const notAudited: Partial<Record<RouteKey, string>> = {
  'POST /upload':
    'a picture shows nowhere until a tool uses it; the add or edit that uses it is recorded, naming it',
};

async function placeOrder(customer: SignedIn, toolId: string): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

/** A tool that an order names, deleted: archived. */
async function archivedTool(name: string): Promise<string> {
  const id = await addTool(shop.app, shop.admin, { name });
  await placeOrder(shop.customers.buyer, id);
  await shop.app.inject({ method: 'DELETE', url: `/api/delete-tool/${id}`, headers: shop.admin.headers });
  return id;
}

async function contactMessageId(firstName: string): Promise<string> {
  await shop.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { firstName, lastName: 'Quill', email: 'mara@painters.test', message: 'Hello' },
  });
  const inbox = await shop.app.inject({
    method: 'GET',
    url: '/api/contact-messages',
    headers: shop.admin.headers,
  });
  return inbox.json<{ messages: { _id: string }[] }>().messages[0]!._id;
}

const tool = (id: string, label: string) => ({ type: 'tool', id, label });

async function reviewId(text: string): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/review',
    headers: shop.customers.buyer.headers,
    payload: { rating: 2, review: text },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

const scenarios: Partial<Record<RouteKey, Scenario>> = {
  'POST /tool': {
    prepare: async () => ({
      url: '/api/tool',
      payload: toolInput({ name: 'Audit Added Brush' }),
      expected: (body) => ({
        kind: 'tool.create',
        target: tool((body as { insertedId: string }).insertedId, 'Audit Added Brush'),
        before: null,
        after: expect.objectContaining({
          name: 'Audit Added Brush',
          availableQuantity: 500,
          perPartsPrice: 7,
        }),
      }),
    }),
  },
  'PATCH /tool/:id': {
    prepare: async () => {
      const id = await addTool(shop.app, shop.admin, { name: 'Audit Edited Brush' });
      return {
        url: `/api/tool/${id}`,
        payload: { perPartsPrice: 9, description: toolInput().description },
        // Only what changed: the description was sent as it was.
        expected: () => ({
          kind: 'tool.edit',
          target: tool(id, 'Audit Edited Brush'),
          before: { perPartsPrice: 7 },
          after: { perPartsPrice: 9 },
        }),
      };
    },
  },
  'DELETE /delete-tool/:id': {
    prepare: async () => {
      const id = await addTool(shop.app, shop.admin, { name: 'Audit Deleted Brush' });
      return {
        url: `/api/delete-tool/${id}`,
        expected: () => ({
          kind: 'tool.delete',
          target: tool(id, 'Audit Deleted Brush'),
          before: { name: 'Audit Deleted Brush', availableQuantity: 500, perPartsPrice: 7 },
          after: null,
        }),
      };
    },
  },
  'POST /archived-tool/:id/restore': {
    prepare: async () => {
      const id = await archivedTool('Audit Restored Brush');
      return {
        url: `/api/archived-tool/${id}/restore`,
        expected: () => ({
          kind: 'tool.restore',
          target: tool(id, 'Audit Restored Brush'),
          before: { archived: true },
          after: { archived: false },
        }),
      };
    },
  },
  'POST /tool/:id/restock': {
    prepare: async () => {
      const id = await addTool(shop.app, shop.admin, { name: 'Audit Restocked Brush' });
      return {
        url: `/api/tool/${id}/restock`,
        payload: { quantity: 40, note: 'Delivery 7' },
        expected: () => ({
          kind: 'stock.restock',
          target: tool(id, 'Audit Restocked Brush'),
          before: { availableQuantity: 500 },
          after: { availableQuantity: 540 },
          note: 'Delivery 7',
        }),
      };
    },
  },
  'POST /tool/:id/stock-adjustment': {
    prepare: async () => {
      const id = await addTool(shop.app, shop.admin, { name: 'Audit Adjusted Brush' });
      return {
        url: `/api/tool/${id}/stock-adjustment`,
        payload: { delta: -3, reason: 'Broken in the warehouse' },
        expected: () => ({
          kind: 'stock.adjust',
          target: tool(id, 'Audit Adjusted Brush'),
          before: { availableQuantity: 500 },
          after: { availableQuantity: 497 },
          note: 'Broken in the warehouse',
        }),
      };
    },
  },
  'PATCH /shipping-order/:id': {
    prepare: async () => {
      const toolId = await addTool(shop.app, shop.admin, { name: 'Audit Shipped Brush' });
      const id = await placeOrder(shop.customers.buyer, toolId);
      await db()
        .update(orders)
        .set({ paid: true, state: 'paid', transactionId: `pi_audit_${randomUUID()}`, paidAt: new Date() })
        .where(eq(orders.id, id));
      return {
        url: `/api/shipping-order/${id}`,
        payload: { carrier: 'DHL', trackingNumber: 'JD014600' },
        expected: () => ({
          kind: 'order.ship',
          target: { type: 'order', id, label: `Audit Shipped Brush × 10 for ${shop.customers.buyer.email}` },
          before: { ship: false },
          after: { ship: true, carrier: 'DHL', trackingNumber: 'JD014600' },
        }),
      };
    },
  },
  'POST /order/:id/cancel': {
    prepare: async () => {
      const toolId = await addTool(shop.app, shop.admin, { name: 'Audit Cancelled Brush' });
      const id = await placeOrder(shop.customers.buyer, toolId);
      return {
        url: `/api/order/${id}/cancel`,
        expected: () => ({
          kind: 'order.cancel',
          target: {
            type: 'order',
            id,
            label: `Audit Cancelled Brush × 10 for ${shop.customers.buyer.email}`,
          },
          before: { state: 'unpaid' },
          after: { state: 'cancelled' },
        }),
      };
    },
  },
  'PUT /user/admin/:email': {
    prepare: async () => {
      const customer = await signUpCustomer(shop.app, 'promoted');
      return {
        url: `/api/user/admin/${encodeURIComponent(customer.email)}`,
        expected: () => ({
          kind: 'user.make-admin',
          target: { type: 'user', id: customer.id, label: customer.email },
          before: { role: 'customer' },
          after: { role: 'admin' },
        }),
      };
    },
  },
  'PATCH /contact-messages/:id': {
    prepare: async () => {
      const id = await contactMessageId('Mara');
      return {
        url: `/api/contact-messages/${id}`,
        payload: { state: 'archived' },
        expected: () => ({
          kind: 'contact.state',
          target: { type: 'contact-message', id, label: 'Mara Quill <mara@painters.test>' },
          before: { state: 'unread' },
          after: { state: 'archived' },
        }),
      };
    },
  },
  'POST /order-mail/:id/retry': {
    prepare: async () => {
      const tool = await addTool(shop.app, shop.admin, { name: 'Audit Mailed Brush' });
      const orderId = await placeOrder(shop.customers.buyer, tool);
      const id = await failedPlacedMail(db(), orderId);
      return {
        url: `/api/order-mail/${id}/retry`,
        expected: () => ({
          kind: 'order-mail.retry',
          target: { type: 'order', id: orderId, label: `The placed e-mail to ${shop.customers.buyer.email}` },
          before: { status: 'failed', lastError: '550 Mailbox unavailable' },
          after: { status: 'pending' },
        }),
      };
    },
  },
  'PATCH /moderation/reviews/:id': {
    prepare: async () => {
      const id = await reviewId('Rude words here.');
      return {
        url: `/api/moderation/reviews/${id}`,
        payload: { hidden: true, reason: 'Abusive language' },
        expected: (body) => ({
          kind: 'review.hide',
          target: { type: 'review', id, label: `${(body as { name: string }).name}'s review of the shop` },
          before: { hidden: false, reason: null },
          after: { hidden: true, reason: 'Abusive language' },
        }),
      };
    },
  },
};

const allRows = () => db().select().from(auditEvents);

/** Runs `act` and answers the audit rows it added. */
async function rowsAddedBy(act: () => Promise<unknown>) {
  const known = new Set((await allRows()).map((row) => row.id));
  await act();
  return (await allRows()).filter((row) => !known.has(row.id));
}

const listEvents = async (query: string, headers = shop.admin.headers) => {
  const response = await shop.app.inject({ method: 'GET', url: `/api/audit-events${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { events: response.json<AuditEvent[]>(), link: response.headers.link as string | undefined };
};

beforeAll(async () => {
  shop = await openShop({ customers: ['buyer'] });
});
afterAll(async () => {
  await shop?.close();
});

describe('every admin write records exactly one audit row', () => {
  it('the route table has admin writes, and each has a scenario here or a stated reason', () => {
    expect(adminWriteRoutes.length).toBeGreaterThanOrEqual(9);
    const unexplained = Object.keys(notAudited).filter((key) => !adminWriteRoutes.includes(key as RouteKey));
    expect(unexplained, 'reasons for routes that are not admin writes').toEqual([]);
  });

  for (const route of adminWriteRoutes.filter((key) => !(key in notAudited))) {
    it(route, async () => {
      const scenario = scenarios[route];
      // A new admin route: record it with recordAudit (apps/api/src/modules/audit/record-audit.ts)
      // in its transaction, and add a scenario above.
      expect(scenario, `${route} has no audit scenario in audit-trail.test.ts`).toBeDefined();
      const { url, payload, expected } = await scenario!.prepare();
      const [method] = route.split(' ') as [Method];
      let body: unknown;
      const added = await rowsAddedBy(async () => {
        const response = await shop.app.inject({ method, url, payload, headers: shop.admin.headers });
        expect(response.statusCode, response.body).toBeLessThan(300);
        body = response.json();
      });
      expect(added).toHaveLength(1);
      const want = expected(body);
      expect(added[0]).toMatchObject({
        actorUserId: shop.admin.id,
        actorEmail: shop.admin.email,
        actorName: shop.admin.name,
        kind: want.kind,
        targetType: want.target.type,
        targetId: want.target.id,
        targetLabel: want.target.label,
        ...('before' in want && { before: want.before }),
        ...('after' in want && { after: want.after }),
        note: want.note ?? null,
      });
    });
  }

  it('deleting a tool that an order names records that it was archived', async () => {
    const id = await addTool(shop.app, shop.admin, { name: 'Audit Archived Brush' });
    await placeOrder(shop.customers.buyer, id);
    const added = await rowsAddedBy(() =>
      shop.app.inject({ method: 'DELETE', url: `/api/delete-tool/${id}`, headers: shop.admin.headers }),
    );
    expect(added).toMatchObject([
      { kind: 'tool.archive', targetId: id, before: { archived: false }, after: { archived: true } },
    ]);
  });
});

describe('what does not happen leaves no row', () => {
  it('refused actions (bad input, unknown target, a conflict) record nothing', async () => {
    const id = await addTool(shop.app, shop.admin, { name: 'Audit Refused Brush', availableQuantity: 5 });
    const added = await rowsAddedBy(async () => {
      const send = (method: Method, url: string, payload?: object) =>
        shop.app.inject({ method, url, payload, headers: shop.admin.headers });
      expect(
        (await send('POST', `/api/tool/${id}/stock-adjustment`, { delta: -6, reason: 'Count' })).statusCode,
      ).toBe(409);
      expect((await send('PATCH', `/api/tool/${id}`, { perPartsPrice: 0 })).statusCode).toBe(400);
      expect((await send('POST', `/api/tool/${randomUUID()}/restock`, { quantity: 1 })).statusCode).toBe(404);
      expect((await send('POST', `/api/archived-tool/${id}/restore`)).statusCode).toBe(404);
      expect((await send('PATCH', `/api/shipping-order/${randomUUID()}`)).statusCode).toBe(404);
      expect((await send('PUT', `/api/user/admin/nobody-${randomUUID()}@shop.test`)).statusCode).toBe(404);
    });
    expect(added).toEqual([]);
  });

  it('an action that changes nothing records nothing: an admin made admin again, a message set to its own state', async () => {
    const messageId = await contactMessageId('Noor');
    const added = await rowsAddedBy(async () => {
      const again = await shop.app.inject({
        method: 'PUT',
        url: `/api/user/admin/${encodeURIComponent(shop.admin.email)}`,
        headers: shop.admin.headers,
      });
      expect(again.json()).toEqual({ modifiedCount: 0 });
      const same = await shop.app.inject({
        method: 'PATCH',
        url: `/api/contact-messages/${messageId}`,
        headers: shop.admin.headers,
        payload: { state: 'unread' },
      });
      expect(same.json()).toMatchObject({ state: 'unread' });
    });
    expect(added).toEqual([]);
  });

  it('a transaction that fails after recording leaves no row', async () => {
    const added = await rowsAddedBy(async () => {
      await expect(
        db().transaction(async (tx) => {
          await recordAudit(tx, {
            actor: shop.admin,
            kind: 'tool.edit',
            target: { type: 'tool', id: randomUUID(), label: 'Rolled back' },
          });
          throw new Error('the action failed after its audit row');
        }),
      ).rejects.toThrow('the action failed after its audit row');
    });
    expect(added).toEqual([]);
  });

  it('the trail is append-only: rows cannot be changed or removed, nor the table emptied', async () => {
    const before = (await allRows()).length;
    expect(before).toBeGreaterThan(0);
    // The database's own refusal (Drizzle wraps it: the cause is PostgreSQL's error).
    const refusalOf = (query: SQL) =>
      db()
        .execute(query)
        .then(
          () => 'done',
          (error: Error) => ((error.cause as Error | undefined) ?? error).message,
        );
    const refused = /audit_events is append-only: (UPDATE|DELETE|TRUNCATE) refused/;
    expect(await refusalOf(sql`UPDATE audit_events SET kind = 'tool.delete'`)).toMatch(refused);
    expect(await refusalOf(sql`DELETE FROM audit_events`)).toMatch(refused);
    // TRUNCATE fires no row trigger: a statement-level one refuses it (migration 0021, §8.8).
    expect(await refusalOf(sql`TRUNCATE audit_events`)).toMatch(refused);
    expect(await refusalOf(sql`TRUNCATE audit_events CASCADE`)).toMatch(refused);
    expect((await allRows()).length).toBe(before);
  });
});

describe('GET /audit-events', () => {
  it('is for admins only', async () => {
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/audit-events' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await shop.app.inject({
      method: 'GET',
      url: '/api/audit-events',
      headers: shop.customers.buyer.headers,
    });
    expect(customer.statusCode).toBe(403);
  });

  it('lists newest first, filtered by actor and by kind, a page at a time', async () => {
    // A second admin, so that the actor filter has something to leave out.
    const second = await signUpCustomer(shop.app, 'second-admin');
    await shop.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${encodeURIComponent(second.email)}`,
      headers: shop.admin.headers,
    });
    const id = await addTool(shop.app, shop.admin, { name: 'Audit Listed Brush' });
    for (const quantity of [1, 2, 3]) {
      await shop.app.inject({
        method: 'POST',
        url: `/api/tool/${id}/restock`,
        headers: second.headers,
        payload: { quantity },
      });
    }

    const { events } = await listEvents('?limit=4');
    expect(events.map((event) => [event.kind, event.after])).toEqual([
      ['stock.restock', { availableQuantity: 506 }],
      ['stock.restock', { availableQuantity: 503 }],
      ['stock.restock', { availableQuantity: 501 }],
      ['tool.create', expect.objectContaining({ name: 'Audit Listed Brush' })],
    ]);
    expect(events[0]).toMatchObject({
      actor: { id: second.id, email: second.email, name: second.name },
      target: { type: 'tool', id, label: 'Audit Listed Brush' },
      before: { availableQuantity: 503 },
      note: null,
    });

    // By actor: part of the e-mail, any case.
    const bySecond = await listEvents(
      `?actor=${encodeURIComponent(second.email.slice(0, 20).toUpperCase())}`,
    );
    expect(bySecond.events).toHaveLength(3);
    expect(new Set(bySecond.events.map((event) => event.actor.email))).toEqual(new Set([second.email]));

    // By kind, paged: two, then one more, then no Link.
    const first = await listEvents(`?actor=${encodeURIComponent(second.email)}&kind=stock.restock&limit=2`);
    expect(first.events.map((event) => event.after)).toEqual([
      { availableQuantity: 506 },
      { availableQuantity: 503 },
    ]);
    const next = first.link?.match(/^<\/api(\/audit-events\?[^>]+)>; rel="next"$/)?.[1];
    expect(next).toBeDefined();
    const rest = await listEvents(next!.replace('/audit-events', ''));
    expect(rest.events.map((event) => event.after)).toEqual([{ availableQuantity: 501 }]);
    expect(rest.link).toBeUndefined();

    const promoted = await listEvents('?kind=user.make-admin');
    expect(promoted.events.every((event) => event.kind === 'user.make-admin')).toBe(true);
    expect(promoted.events.map((event) => event.target.label)).toContain(second.email);
  });

  it('refuses an unknown kind and a cursor it did not give out, naming them', async () => {
    const kind = await shop.app.inject({
      method: 'GET',
      url: '/api/audit-events?kind=tool.paint',
      headers: shop.admin.headers,
    });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toContain('kind must be one of: tool.create');
    const cursor = await shop.app.inject({
      method: 'GET',
      url: '/api/audit-events?cursor=bm90LWEtY3Vyc29y',
      headers: shop.admin.headers,
    });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toBe('cursor is not one this list gave out');
  });
});
