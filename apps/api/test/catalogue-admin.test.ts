import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '@shop/shared/api/routes';
import { copy } from '@shop/shared/copy';
import {
  ADJUSTMENT_DELTA_MESSAGE,
  ADJUSTMENT_REASON_REQUIRED,
  RESTOCK_QUANTITY_MESSAGE,
} from '@shop/shared/contracts/stock';
import { STOCK_NOT_EDITABLE } from '@shop/shared/contracts/tools';
import { stockMovements } from '../src/modules/catalogue/stock/stock-movements.table';
import { uploads } from '../src/modules/catalogue/uploads/uploads.table';
import { call, nextPageQuery } from './helpers/call';
import { multipart } from './helpers/multipart';
import { stockAndLedger } from './helpers/stock-ledger';
import { addTool, openShop, toolInput, type Shop, type SignedIn } from './helpers/test-app';

let ctx: Shop<'alice'>;
let admin: SignedIn;
let alice: SignedIn;

beforeAll(async () => {
  ctx = await openShop({ customers: ['alice'] });
  ({ admin } = ctx);
  alice = ctx.customers.alice;
});
afterAll(() => ctx.close());

/** A file under /uploads/ (not an API route). */
const uploadedFile = (url: string) => ctx.app.inject({ method: 'GET', url });

const edit = (toolId: string, body: RouteInput<'PATCH /tool/:id'>['body'], who: SignedIn = admin) =>
  call(ctx.app, 'PATCH /tool/:id', { as: who, params: { id: toolId }, body });
/** An edit the table does not allow (bad input). */
const editUnsafely = (toolId: string, unsafeBody: unknown) =>
  call(ctx.app, 'PATCH /tool/:id', { as: admin, params: { id: toolId }, unsafeBody });
const restock = (toolId: string, body: RouteInput<'POST /tool/:id/restock'>['body'], who: SignedIn = admin) =>
  call(ctx.app, 'POST /tool/:id/restock', { as: who, params: { id: toolId }, body });
const adjust = (
  toolId: string,
  body: RouteInput<'POST /tool/:id/stock-adjustment'>['body'],
  who: SignedIn = admin,
) => call(ctx.app, 'POST /tool/:id/stock-adjustment', { as: who, params: { id: toolId }, body });
const order = (toolsId: string, quantity = 10, who: SignedIn = alice) =>
  call(ctx.app, 'POST /order', {
    as: who,
    body: {
      toolsId,
      phoneNumber: '01711000000',
      address: '1 Easel Street',
      quantity,
    },
  });
const publicTool = (toolId: string) => call(ctx.app, 'GET /tool/:id', { params: { id: toolId } });
const ledger = (toolId: string) => stockAndLedger(ctx.database.db, toolId);

describe('editing a tool (§3.10)', () => {
  it('changes only the fields sent; the list and the one-tool read show the new values at once', async () => {
    const toolId = await addTool(ctx.app, admin, { name: 'Old Name', perPartsPrice: 7 });
    await publicTool(toolId); // warm the in-memory catalogue
    const response = await edit(toolId, { name: 'New Name', perPartsPrice: 9, lowStockThreshold: 40 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: toolId,
      name: 'New Name',
      perPartsPrice: 9,
      lowStockThreshold: 40,
    });
    const read = (await publicTool(toolId)).body;
    expect(read).toMatchObject({
      name: 'New Name',
      perPartsPrice: 9,
      orderQuantity: 10,
      availableQuantity: 500,
    });
    expect(read.description).toBe(toolInput().description);
    const list = (await call(ctx.app, 'GET /tool')).body;
    expect(list.find((tool) => tool._id === toolId)?.name).toBe('New Name');
  });

  it('an order placed before keeps its price; one placed after pays the new price', async () => {
    const toolId = await addTool(ctx.app, admin, { perPartsPrice: 5 });
    const before = (await order(toolId)).body.insertedId;
    await edit(toolId, { perPartsPrice: 8 });
    const after = (await order(toolId)).body.insertedId;
    const priceOf = async (id: string) =>
      (await call(ctx.app, 'GET /order/:id', { as: alice, params: { id } })).body.itemsTotal;
    expect(await priceOf(before)).toBe(50);
    expect(await priceOf(after)).toBe(80);
  });

  it.each([
    ['name', { name: '' }, copy.nameRequired],
    ['min quantity', { orderQuantity: null }, copy.minQuantityRequired],
    ['unit price', { perPartsPrice: null }, copy.minQuantityRequired],
    ['description', { description: '  ' }, copy.descriptionRequired],
    ['image', { img: '' }, copy.imageRequired],
  ])('an edit that empties the %s answers the same message as adding', async (_field, payload, message) => {
    const toolId = await addTool(ctx.app, admin);
    const response = await editUnsafely(toolId, payload);
    expect(response.status).toBe(400);
    expect(response.error).toEqual({
      code: 'invalid-input',
      message,
      issues: [{ field: Object.keys(payload)[0], message }],
    });
    const added = await call(ctx.app, 'POST /tool', {
      as: admin,
      unsafeBody: { ...toolInput(), ...payload },
    });
    expect(added.error.message).toBe(message);
  });

  it('refuses a stock change, fractional numbers, unknown fields, script pictures and an empty edit', async () => {
    const toolId = await addTool(ctx.app, admin);
    const stock = await editUnsafely(toolId, { availableQuantity: 5 });
    expect(stock.status).toBe(400);
    expect(stock.error).toMatchObject({ message: STOCK_NOT_EDITABLE });
    for (const payload of [
      { orderQuantity: 2.5 },
      { perPartsPrice: -1 },
      { img: 'javascript:alert(1)' },
      { lowStockThreshold: -1 },
      { stock: 1 },
    ]) {
      expect((await editUnsafely(toolId, payload)).status, JSON.stringify(payload)).toBe(400);
    }
    expect((await edit(toolId, {})).error).toMatchObject({
      code: 'invalid-input',
      message: 'Nothing to change',
    });
    expect((await publicTool(toolId)).body).toMatchObject({
      name: toolInput().name,
      availableQuantity: 500,
    });
  });

  it('answers 404 for an unknown, malformed or archived tool, 403 to a customer and 401 signed out', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await edit(id, { name: 'X' })).status).toBe(404);
    }
    const toolId = await addTool(ctx.app, admin);
    expect((await edit(toolId, { name: 'X' }, alice)).status).toBe(403);
    expect(
      (await call(ctx.app, 'PATCH /tool/:id', { params: { id: toolId }, body: { name: 'X' } })).status,
    ).toBe(401);
    await order(toolId);
    await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    expect((await edit(toolId, { name: 'X' })).status).toBe(404);
  });

  it('a new picture replaces the old one, whose file goes once nothing uses it', async () => {
    const upload = async () => {
      const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const response = await call(ctx.app, 'POST /upload', {
        as: admin,
        multipart: await multipart([{ field: 'image', bytes, type: 'image/png' }]),
      });
      return response.body.data.url;
    };
    const first = await upload();
    const second = await upload();
    const shared = await upload();
    const toolId = await addTool(ctx.app, admin, { img: first });
    expect((await edit(toolId, { img: second })).status).toBe(200);
    expect((await uploadedFile(first)).statusCode).toBe(404);
    expect((await uploadedFile(second)).statusCode).toBe(200);

    // A picture another tool still shows stays.
    const other = await addTool(ctx.app, admin, { img: shared });
    await addTool(ctx.app, admin, { img: shared });
    await edit(other, { img: second });
    expect((await uploadedFile(shared)).statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, second.slice('/uploads/'.length)));
    expect(rows).toHaveLength(1);
  });
});

describe('stock through the ledger (§3.11)', () => {
  it('adding a tool opens its ledger with an initial movement', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 120 });
    const history = await call(ctx.app, 'GET /tool/:id/stock-movements', {
      as: admin,
      params: { id: toolId },
    });
    expect(history.body).toMatchObject({
      availableQuantity: 120,
      movements: [{ kind: 'initial', delta: 120, stockAfter: 120, actorEmail: admin.email }],
    });
  });

  it('a restock adds units with an optional note; the shop shows the new stock at once', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 10, orderQuantity: 1 });
    await publicTool(toolId);
    const withNote = await restock(toolId, { quantity: 25, note: 'Delivery 42' });
    expect(withNote.status).toBe(201);
    expect(withNote.body).toMatchObject({
      availableQuantity: 35,
      movement: { kind: 'restock', delta: 25, stockAfter: 35, note: 'Delivery 42', actorEmail: admin.email },
    });
    expect((await restock(toolId, { quantity: 5 })).body).toMatchObject({
      availableQuantity: 40,
      movement: { note: null },
    });
    expect((await publicTool(toolId)).body).toMatchObject({ availableQuantity: 40 });
  });

  it.each([
    [{}, RESTOCK_QUANTITY_MESSAGE],
    [{ quantity: 0 }, RESTOCK_QUANTITY_MESSAGE],
    [{ quantity: -3 }, RESTOCK_QUANTITY_MESSAGE],
    [{ quantity: 1.5 }, RESTOCK_QUANTITY_MESSAGE],
    [{ quantity: '5' }, RESTOCK_QUANTITY_MESSAGE],
    [{ quantity: 5, note: 'x'.repeat(501) }, 'Note must be 500 characters or fewer'],
  ])('a restock of %j is refused: %s', async (payload, message) => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 10 });
    const response = await call(ctx.app, 'POST /tool/:id/restock', {
      as: admin,
      params: { id: toolId },
      unsafeBody: payload,
    });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ message });
    expect(await ledger(toolId)).toEqual({ stock: 10, ledgerSum: 10, movements: 1 });
  });

  it('an adjustment needs a reason and a non-zero change, and never takes the stock below zero', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 10, name: 'Counted Brush' });
    const noReason = await call(ctx.app, 'POST /tool/:id/stock-adjustment', {
      as: admin,
      params: { id: toolId },
      unsafeBody: { delta: -3 },
    });
    expect(noReason.error).toMatchObject({
      message: ADJUSTMENT_REASON_REQUIRED,
    });
    expect((await adjust(toolId, { delta: -3, reason: '   ' })).error).toMatchObject({
      message: ADJUSTMENT_REASON_REQUIRED,
    });
    expect((await adjust(toolId, { delta: 0, reason: 'x' })).error).toMatchObject({
      message: ADJUSTMENT_DELTA_MESSAGE,
    });

    const below = await adjust(toolId, { delta: -11, reason: 'Stock-take' });
    expect(below.status).toBe(409);
    expect(below.error).toEqual({
      code: 'conflict',
      message:
        'Stock cannot go below zero: Counted Brush has 10 in stock, so it can go down by at most 10 (asked -11)',
    });
    const down = await adjust(toolId, { delta: -10, reason: 'Water damage' });
    expect(down.body).toMatchObject({
      availableQuantity: 0,
      movement: { kind: 'adjustment', delta: -10, note: 'Water damage' },
    });
    expect((await adjust(toolId, { delta: 4, reason: 'Found in the back' })).body).toMatchObject({
      availableQuantity: 4,
    });
    expect(await ledger(toolId)).toEqual({ stock: 4, ledgerSum: 4, movements: 3 });
  });

  it('orders reserve and cancellations release through the ledger, naming the order and the customer', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 100 });
    const orderId = (await order(toolId, 30)).body.insertedId;
    await call(ctx.app, 'DELETE /order/:id', { as: alice, params: { id: orderId } });
    const { movements } = (
      await call(ctx.app, 'GET /tool/:id/stock-movements', { as: admin, params: { id: toolId } })
    ).body;
    expect(movements.map(({ kind, delta, stockAfter }) => [kind, delta, stockAfter])).toEqual([
      ['cancellation-release', 30, 100],
      ['order-reservation', -30, 70],
      ['initial', 100, 100],
    ]);
    expect(movements[0]).toMatchObject({ orderId, actorEmail: alice.email });
    expect(movements[1]).toMatchObject({ orderId, actorEmail: alice.email });
    expect(await ledger(toolId)).toEqual({ stock: 100, ledgerSum: 100, movements: 3 });
  });

  it('the history comes a page at a time, newest first, the next page named by the Link header', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 10 });
    for (let n = 1; n <= 4; n += 1) await restock(toolId, { quantity: n, note: `Delivery ${n}` });
    const history = (query: RouteInput<'GET /tool/:id/stock-movements'>['query']) =>
      call(ctx.app, 'GET /tool/:id/stock-movements', { as: admin, params: { id: toolId }, query });
    const first = await history({ limit: '2' });
    expect(first.body).toMatchObject({
      availableQuantity: 20,
      movements: [{ note: 'Delivery 4' }, { note: 'Delivery 3' }],
    });
    expect(first.headers.link).toMatch(
      new RegExp(`^</api/tool/${toolId}/stock-movements\\?limit=2&cursor=[^>]+>; rel="next"$`),
    );
    const second = await history(nextPageQuery(first));
    expect(second.body.movements.map((movement) => movement.note)).toEqual(['Delivery 2', 'Delivery 1']);
    const third = await history(nextPageQuery(second));
    expect(third.body.movements).toEqual([expect.objectContaining({ delta: 10, note: null })]);
    expect(third.headers.link).toBeUndefined();

    const bad = await call(ctx.app, 'GET /tool/:id/stock-movements', {
      as: admin,
      params: { id: toolId },
      query: { cursor: 'nonsense' },
    });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ message: 'cursor is not one this list gave out' });
    const tooMany = await call(ctx.app, 'GET /tool/:id/stock-movements', {
      as: admin,
      params: { id: toolId },
      query: { limit: '101' },
    });
    expect(tooMany.status).toBe(400);
  });

  it('restock, adjustment and history answer 404 for an unknown tool and 403 to a customer', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await restock(unknown, { quantity: 1 })).status).toBe(404);
    expect((await adjust('nope', { delta: 1, reason: 'x' })).status).toBe(404);
    expect(
      (await call(ctx.app, 'GET /tool/:id/stock-movements', { as: admin, params: { id: unknown } })).status,
    ).toBe(404);
    const toolId = await addTool(ctx.app, admin);
    expect((await restock(toolId, { quantity: 1 }, alice)).status).toBe(403);
    expect((await adjust(toolId, { delta: 1, reason: 'x' }, alice)).status).toBe(403);
    expect(
      (await call(ctx.app, 'GET /tool/:id/stock-movements', { as: alice, params: { id: toolId } })).status,
    ).toBe(403);
    expect((await call(ctx.app, 'GET /tool/:id/stock-movements', { params: { id: toolId } })).status).toBe(
      401,
    );
  });
});

describe('archive, not destroy (§3.12)', () => {
  it('a tool an order names is archived: out of the shop, not orderable, its order intact', async () => {
    const toolId = await addTool(ctx.app, admin, { name: 'Heritage Roller', perPartsPrice: 6 });
    const orderId = (await order(toolId, 10)).body.insertedId;
    await call(ctx.app, 'GET /tool'); // warm the in-memory catalogue

    const deleted = await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    expect(deleted.body).toEqual({ deletedCount: 1 });

    expect((await publicTool(toolId)).status).toBe(404);
    expect((await call(ctx.app, 'GET /tool')).body.map((tool) => tool._id)).not.toContain(toolId);
    const refused = await order(toolId);
    expect(refused.status).toBe(404);
    expect(refused.error).toMatchObject({ code: 'not-found', message: 'Tool not found' });

    const kept = await call(ctx.app, 'GET /order/:id', { as: alice, params: { id: orderId } });
    expect(kept.body).toMatchObject({ toolsName: 'Heritage Roller', itemsTotal: 60, quantity: 10 });
    const all = (await call(ctx.app, 'GET /order', { as: admin })).body;
    expect(all.find((row) => row._id === orderId)?.toolsName).toBe('Heritage Roller');

    // Deleting it again: it is no longer in the shop.
    expect(
      (await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } })).status,
    ).toBe(404);

    const archived = (await call(ctx.app, 'GET /archived-tool', { as: admin })).body;
    expect(archived[0]).toMatchObject({ _id: toolId, name: 'Heritage Roller', availableQuantity: 490 });
  });

  it('restore puts it back with its stock and ledger; it is orderable again', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 50 });
    await order(toolId, 10);
    await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    const restored = await call(ctx.app, 'POST /archived-tool/:id/restore', {
      as: admin,
      params: { id: toolId },
    });
    expect(restored.body).toEqual({ modifiedCount: 1 });
    expect((await publicTool(toolId)).body).toMatchObject({ availableQuantity: 40 });
    expect((await order(toolId, 10)).status).toBe(201);
    expect((await call(ctx.app, 'GET /archived-tool', { as: admin })).body.map((t) => t._id)).not.toContain(
      toolId,
    );
    expect(await ledger(toolId)).toEqual({ stock: 30, ledgerSum: 30, movements: 3 });
    // Restoring one that is not archived is a 404.
    expect(
      (await call(ctx.app, 'POST /archived-tool/:id/restore', { as: admin, params: { id: toolId } })).status,
    ).toBe(404);
  });

  it('a tool no order names is deleted for real, with its ledger', async () => {
    const toolId = await addTool(ctx.app, admin);
    await restock(toolId, { quantity: 3 });
    expect(
      (await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } })).body,
    ).toEqual({ deletedCount: 1 });
    expect((await call(ctx.app, 'GET /archived-tool', { as: admin })).body.map((t) => t._id)).not.toContain(
      toolId,
    );
    expect(await ledger(toolId)).toEqual({ stock: undefined, ledgerSum: 0, movements: 0 });
    expect(
      (await call(ctx.app, 'POST /archived-tool/:id/restore', { as: admin, params: { id: toolId } })).status,
    ).toBe(404);
  });

  it('a cancelled order of an archived tool gives its units back to it', async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 50 });
    const orderId = (await order(toolId, 10)).body.insertedId;
    await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    expect((await call(ctx.app, 'DELETE /order/:id', { as: alice, params: { id: orderId } })).body).toEqual({
      deletedCount: 1,
    });
    expect(await ledger(toolId)).toEqual({ stock: 50, ledgerSum: 50, movements: 3 });
  });

  it('the archived list and restore are for admins only', async () => {
    expect((await call(ctx.app, 'GET /archived-tool', { as: alice })).status).toBe(403);
    expect((await call(ctx.app, 'GET /archived-tool')).status).toBe(401);
    expect(
      (await call(ctx.app, 'POST /archived-tool/:id/restore', { as: admin, params: { id: 'nope' } })).status,
    ).toBe(404);
  });
});

describe('the migration to the ledger (decision 0022)', () => {
  it('opens the ledger of a tool that had none with its current stock, and leaves the others alone', async () => {
    const old = await addTool(ctx.app, admin, { availableQuantity: 321 });
    const current = await addTool(ctx.app, admin, { availableQuantity: 50 });
    await restock(current, { quantity: 5 });
    // A tool from before the ledger: no movements at all.
    await ctx.database.db.delete(stockMovements).where(eq(stockMovements.toolId, old));
    const migration = readFileSync(
      new URL('../drizzle/0006_place_order_ledger.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint')[0]!;
    await ctx.database.db.execute(sql.raw(backfill));
    expect(await ledger(old)).toEqual({ stock: 321, ledgerSum: 321, movements: 1 });
    expect(await ledger(current)).toEqual({ stock: 55, ledgerSum: 55, movements: 2 });
  });
});
