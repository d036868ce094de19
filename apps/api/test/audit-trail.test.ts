import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteInput, type RouteKey, type RouteResponse } from '@shop/shared/api/routes';
import { auditEvents } from '../src/modules/audit/audit-events.table';
import { recordAudit } from '../src/modules/audit/record-audit';
import { orders } from '../src/modules/ordering/orders/orders.table';
import {
  call,
  callAnyRoute,
  nextPageQuery,
  type Answer,
  type AnyRouteOptions,
  type CallOptions,
} from './helpers/call';
import { applyFor, openCompany } from './helpers/companies';
import { failedPlacedMail } from './helpers/failed-order-mail';
import { addTool, openShop, signUpCustomer, toolInput, type Shop, type SignedIn } from './helpers/test-app';

/**
 * docs/behaviour.md §8.8: every admin write records exactly one audit row, in its own
 * transaction. The routes come from the shared route table, so an admin route added without a
 * scenario here (and without recordAudit in its service) fails this file.
 */
interface Expected {
  kind: string;
  target: { type: string; id: string; label: string };
  before?: unknown;
  after?: unknown;
  note?: string | null;
}
interface Scenario<K extends RouteKey> {
  /**
   * Makes what the action needs (its own admin actions are recorded before the count starts):
   * the request, as the route table types it, and the row expected from the answer's body.
   */
  prepare: () => Promise<{ request: CallOptions<K>; expected: (body: RouteResponse<K>) => Expected }>;
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
  const response = await call(shop.app, 'POST /order', {
    as: customer,
    body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.insertedId;
}

/** A tool that an order names, deleted: archived. */
async function archivedTool(name: string): Promise<string> {
  const id = await addTool(shop.app, shop.admin, { name });
  await placeOrder(shop.customers.buyer, id);
  await call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id } });
  return id;
}

async function contactMessageId(firstName: string): Promise<string> {
  await call(shop.app, 'POST /contact', {
    body: { firstName, lastName: 'Quill', email: 'mara@painters.test', message: 'Hello' },
  });
  const inbox = await call(shop.app, 'GET /contact-messages', { as: shop.admin });
  return inbox.body.messages[0]!._id;
}

const tool = (id: string, label: string) => ({ type: 'tool', id, label });

async function reviewId(text: string): Promise<string> {
  const response = await call(shop.app, 'POST /review', {
    as: shop.customers.buyer,
    body: { rating: 2, review: text },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.insertedId;
}

const scenarios: { [K in RouteKey]?: Scenario<K> } = {
  'POST /tool': {
    prepare: async () => ({
      request: { body: toolInput({ name: 'Audit Added Brush' }) },
      expected: (body) => ({
        kind: 'tool.create',
        target: tool(body.insertedId, 'Audit Added Brush'),
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
        request: { params: { id }, body: { perPartsPrice: 9, description: toolInput().description } },
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
        request: { params: { id } },
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
        request: { params: { id } },
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
        request: { params: { id }, body: { quantity: 40, note: 'Delivery 7' } },
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
        request: { params: { id }, body: { delta: -3, reason: 'Broken in the warehouse' } },
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
        request: { params: { id }, body: { carrier: 'DHL', trackingNumber: 'JD014600' } },
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
        request: { params: { id } },
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
        request: { params: { email: customer.email } },
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
        request: { params: { id }, body: { state: 'archived' } },
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
        request: { params: { id } },
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
        request: { params: { id }, body: { hidden: true, reason: 'Abusive language' } },
        expected: (body) => ({
          kind: 'review.hide',
          target: { type: 'review', id, label: `${body.name}'s review of the shop` },
          before: { hidden: false, reason: null },
          after: { hidden: true, reason: 'Abusive language' },
        }),
      };
    },
  },
  'PATCH /company/:id': {
    prepare: async () => {
      const id = await applyFor(shop.app, await signUpCustomer(shop.app, 'applicant'), 'Audited Decorators');
      return {
        request: { params: { id }, body: { decision: 'decline', reason: 'No trading history' } },
        expected: () => ({
          kind: 'company.decline',
          target: { type: 'company', id, label: 'Audited Decorators' },
          note: 'No trading history',
        }),
      };
    },
  },
  'PUT /company/:id/price/:toolId': {
    prepare: async () => {
      const toolId = await addTool(shop.app, shop.admin, {
        name: 'Audit Contract Brush',
        sku: 'AU-1',
        perPartsPrice: 9,
      });
      const id = await openCompany(
        shop.app,
        shop.admin,
        await signUpCustomer(shop.app, 'priced'),
        'Priced Ltd',
      );
      return {
        request: { params: { id, toolId }, body: { unitPrice: 7.5 } },
        expected: () => ({
          kind: 'company.price',
          target: { type: 'company', id, label: 'Priced Ltd' },
          before: null,
          after: { tool: 'AU-1', unitPrice: 7.5, priceBreaks: 0 },
        }),
      };
    },
  },
  'DELETE /company/:id/price/:toolId': {
    prepare: async () => {
      const toolId = await addTool(shop.app, shop.admin, {
        name: 'Audit Ended Brush',
        sku: 'AU-2',
        perPartsPrice: 9,
      });
      const id = await openCompany(
        shop.app,
        shop.admin,
        await signUpCustomer(shop.app, 'ended'),
        'Ended Ltd',
      );
      await call(shop.app, 'PUT /company/:id/price/:toolId', {
        as: shop.admin,
        params: { id, toolId },
        body: { unitPrice: 6 },
      });
      return {
        request: { params: { id, toolId } },
        expected: () => ({
          kind: 'company.price-remove',
          target: { type: 'company', id, label: 'Ended Ltd' },
          before: { tool: 'AU-2', unitPrice: 6 },
        }),
      };
    },
  },
  'POST /tax-registration': {
    prepare: async () => ({
      request: { body: { country: 'US', region: 'WA', label: 'Sales tax', rate: 6.5, taxesShipping: false } },
      expected: (body) => ({
        kind: 'tax.register',
        target: { type: 'tax-registration', id: body.id, label: 'Sales tax US-WA' },
        before: null,
        after: { rate: 6.5, taxesShipping: false },
      }),
    }),
  },
  'PATCH /tax-registration/:id': {
    prepare: async () => {
      const id = await registered('OR', 1);
      return {
        request: { params: { id }, body: { rate: 1.5, label: 'Sales tax' } },
        // Only what changed: the name was sent as it was.
        expected: () => ({
          kind: 'tax.edit',
          target: { type: 'tax-registration', id, label: 'Sales tax US-OR' },
          before: { rate: 1 },
          after: { rate: 1.5 },
        }),
      };
    },
  },
  'DELETE /tax-registration/:id': {
    prepare: async () => {
      const id = await registered('NV', 4.6);
      return {
        request: { params: { id } },
        expected: () => ({
          kind: 'tax.unregister',
          target: { type: 'tax-registration', id, label: 'Sales tax US-NV' },
          before: { rate: 4.6 },
        }),
      };
    },
  },
  'PATCH /company/:id/resale-certificate/:certificateId': {
    prepare: async () => {
      const companyAdmin = await signUpCustomer(shop.app, 'exempt');
      const id = await openCompany(shop.app, shop.admin, companyAdmin, 'Exempt Ltd');
      const sent = await call(shop.app, 'POST /company/:id/resale-certificate', {
        as: companyAdmin,
        params: { id },
        body: { country: 'US', region: 'TX', number: 'TX-AUDIT-1', expiresOn: '2099-12-31' },
      });
      return {
        request: {
          params: { id, certificateId: sent.body.id },
          body: { decision: 'reject', reason: 'Unsigned' },
        },
        expected: () => ({
          kind: 'company.certificate-reject',
          target: { type: 'company', id, label: 'Exempt Ltd' },
          after: { certificate: 'TX-AUDIT-1', region: 'US-TX', expiresOn: '2099-12-31' },
          note: 'Unsigned',
        }),
      };
    },
  },
  'PUT /company/:id/terms': {
    prepare: async () => {
      const id = await openCompany(
        shop.app,
        shop.admin,
        await signUpCustomer(shop.app, 'terms'),
        'Terms Ltd',
      );
      return {
        request: { params: { id }, body: { days: 30, creditLimit: 5000, invoiceEmail: 'ap@terms.test' } },
        expected: () => ({
          kind: 'company.terms',
          target: { type: 'company', id, label: 'Terms Ltd' },
          after: { days: 30, creditLimit: 5000, invoiceEmail: 'ap@terms.test' },
        }),
      };
    },
  },
  'DELETE /company/:id/terms': {
    prepare: async () => {
      const { id } = await companyOnTerms('Ended Terms Ltd');
      return {
        request: { params: { id } },
        expected: () => ({
          kind: 'company.terms-end',
          target: { type: 'company', id, label: 'Ended Terms Ltd' },
          before: { days: 15, creditLimit: 1000, invoiceEmail: 'ap@ended-terms-ltd.test' },
        }),
      };
    },
  },
  'PUT /quote/:id/prices': {
    prepare: async () => {
      const buyer = await signUpCustomer(shop.app, 'quote');
      const toolId = await addTool(shop.app, shop.admin, { perPartsPrice: 5 });
      await call(shop.app, 'PUT /cart/lines', { as: buyer, body: { lines: [{ toolId, quantity: 20 }] } });
      const { id, number } = (await call(shop.app, 'POST /quote', { as: buyer, body: {} })).body;
      const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      return {
        request: { params: { id }, body: { lines: [{ toolId, unitPrice: 4.5 }], expiresOn } },
        expected: () => ({
          kind: 'quote.price',
          target: { type: 'quote', id, label: number },
          after: { quotedTotal: 90, expiresOn },
        }),
      };
    },
  },
  'POST /invoice/:id/payment': {
    prepare: async () => {
      const { companyAdmin } = await companyOnTerms('Paying Ltd');
      const order = await call(shop.app, 'POST /order', {
        as: companyAdmin,
        body: {
          toolsId: await addTool(shop.app, shop.admin),
          phoneNumber: '01711000000',
          address: '1 Quay',
          quantity: 10,
        },
      });
      const invoice = await call(shop.app, 'POST /order/:id/invoice', {
        as: companyAdmin,
        params: { id: order.body.insertedId },
      });
      const { id, number } = invoice.body;
      return {
        request: { params: { id }, body: { amount: 5, method: 'cheque', reference: 'CHQ 1' } },
        expected: () => ({
          kind: 'invoice.payment',
          target: { type: 'invoice', id, label: number },
          before: { paid: 0 },
          after: { paid: 5, amount: 5, method: 'cheque' },
          note: 'CHQ 1',
        }),
      };
    },
  },
};

/** A new company with Net 15 terms and a $1,000 limit, and its admin. */
async function companyOnTerms(name: string) {
  const companyAdmin = await signUpCustomer(shop.app, 'terms');
  const id = await openCompany(shop.app, shop.admin, companyAdmin, name);
  const invoiceEmail = `ap@${name.toLowerCase().replaceAll(' ', '-')}.test`;
  await call(shop.app, 'PUT /company/:id/terms', {
    as: shop.admin,
    params: { id },
    body: { days: 15, creditLimit: 1000, invoiceEmail },
  });
  return { id, companyAdmin };
}

/** A new tax registration of a US state, at `rate` %. */
async function registered(region: string, rate: number): Promise<string> {
  const response = await call(shop.app, 'POST /tax-registration', {
    as: shop.admin,
    body: { country: 'US', region, label: 'Sales tax', rate },
  });
  return response.body.id;
}

const allRows = () => db().select().from(auditEvents);

/** Runs `act` and answers the audit rows it added. */
async function rowsAddedBy(act: () => Promise<unknown>) {
  const known = new Set((await allRows()).map((row) => row.id));
  await act();
  return (await allRows()).filter((row) => !known.has(row.id));
}

const listEvents = async (query: RouteInput<'GET /audit-events'>['query']) => {
  const response = await call(shop.app, 'GET /audit-events', { as: shop.admin, query });
  expect(response.status, response.text).toBe(200);
  return { events: response.body, next: nextPageQuery(response) };
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
      const scenario = scenarios[route] as Scenario<RouteKey> | undefined;
      // A new admin route: record it with recordAudit (apps/api/src/modules/audit/record-audit.ts)
      // in its transaction, and add a scenario above.
      expect(scenario, `${route} has no audit scenario in audit-trail.test.ts`).toBeDefined();
      const { request, expected } = await scenario!.prepare();
      let answer: Answer<RouteKey> | undefined;
      const added = await rowsAddedBy(async () => {
        answer = await callAnyRoute(shop.app, route, { ...request, as: shop.admin } as AnyRouteOptions);
        expect(answer.status, answer.text).toBeLessThan(300);
      });
      expect(added).toHaveLength(1);
      const want = expected(answer!.body);
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
      call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id } }),
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
      const as = shop.admin;
      const adjusted = await call(shop.app, 'POST /tool/:id/stock-adjustment', {
        as,
        params: { id },
        body: { delta: -6, reason: 'Count' },
      });
      expect(adjusted.status).toBe(409);
      expect(
        (await call(shop.app, 'PATCH /tool/:id', { as, params: { id }, body: { perPartsPrice: 0 } })).status,
      ).toBe(400);
      const restocked = await call(shop.app, 'POST /tool/:id/restock', {
        as,
        params: { id: randomUUID() },
        body: { quantity: 1 },
      });
      expect(restocked.status).toBe(404);
      expect((await call(shop.app, 'POST /archived-tool/:id/restore', { as, params: { id } })).status).toBe(
        404,
      );
      expect(
        (await call(shop.app, 'PATCH /shipping-order/:id', { as, params: { id: randomUUID() } })).status,
      ).toBe(404);
      const promoted = await call(shop.app, 'PUT /user/admin/:email', {
        as,
        params: { email: `nobody-${randomUUID()}@shop.test` },
      });
      expect(promoted.status).toBe(404);
    });
    expect(added).toEqual([]);
  });

  it('an action that changes nothing records nothing: an admin made admin again, a message set to its own state', async () => {
    const messageId = await contactMessageId('Noor');
    const added = await rowsAddedBy(async () => {
      const again = await call(shop.app, 'PUT /user/admin/:email', {
        as: shop.admin,
        params: { email: shop.admin.email },
      });
      expect(again.body).toEqual({ modifiedCount: 0 });
      const same = await call(shop.app, 'PATCH /contact-messages/:id', {
        as: shop.admin,
        params: { id: messageId },
        body: { state: 'unread' },
      });
      expect(same.body).toMatchObject({ state: 'unread' });
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
    const anonymous = await call(shop.app, 'GET /audit-events');
    expect(anonymous.status).toBe(401);
    const customer = await call(shop.app, 'GET /audit-events', { as: shop.customers.buyer });
    expect(customer.status).toBe(403);
  });

  it('lists newest first, filtered by actor and by kind, a page at a time', async () => {
    // A second admin, so that the actor filter has something to leave out.
    const second = await signUpCustomer(shop.app, 'second-admin');
    await call(shop.app, 'PUT /user/admin/:email', { as: shop.admin, params: { email: second.email } });
    const id = await addTool(shop.app, shop.admin, { name: 'Audit Listed Brush' });
    for (const quantity of [1, 2, 3]) {
      await call(shop.app, 'POST /tool/:id/restock', { as: second, params: { id }, body: { quantity } });
    }

    const { events } = await listEvents({ limit: '4' });
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
    const bySecond = await listEvents({ actor: second.email.slice(0, 20).toUpperCase() });
    expect(bySecond.events).toHaveLength(3);
    expect(new Set(bySecond.events.map((event) => event.actor.email))).toEqual(new Set([second.email]));

    // By kind, paged: two, then one more, then no Link.
    const first = await listEvents({ actor: second.email, kind: 'stock.restock', limit: '2' });
    expect(first.events.map((event) => event.after)).toEqual([
      { availableQuantity: 506 },
      { availableQuantity: 503 },
    ]);
    expect(first.next).toBeDefined();
    const rest = await listEvents(first.next);
    expect(rest.events.map((event) => event.after)).toEqual([{ availableQuantity: 501 }]);
    expect(rest.next).toBeUndefined();

    const promoted = await listEvents({ kind: 'user.make-admin' });
    expect(promoted.events.every((event) => event.kind === 'user.make-admin')).toBe(true);
    expect(promoted.events.map((event) => event.target.label)).toContain(second.email);
  });

  it('refuses an unknown kind and a cursor it did not give out, naming them', async () => {
    const kind = await call(shop.app, 'GET /audit-events', {
      as: shop.admin,
      unsafeQuery: { kind: 'tool.paint' },
    });
    expect(kind.status).toBe(400);
    expect(kind.error.message).toContain('kind must be one of: tool.create');
    const cursor = await call(shop.app, 'GET /audit-events', {
      as: shop.admin,
      query: { cursor: 'bm90LWEtY3Vyc29y' },
    });
    expect(cursor.status).toBe(400);
    expect(cursor.error.message).toBe('cursor is not one this list gave out');
  });
});
