import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { call } from './helpers/call';
import { addTool, openShop, type Shop, type SignedIn, signUpCustomer, toolInput } from './helpers/test-app';

let ctx: Shop<never>;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await openShop();
  admin = ctx.admin;
});
afterAll(() => ctx.close());

describe('tools', () => {
  it('an admin adds a tool that anyone can then read, with its price in dollars', async () => {
    const id = await addTool(ctx.app, admin, { name: 'Foam Roller', perPartsPrice: 12 });
    const list = await call(ctx.app, 'GET /tool');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({ _id: id, name: 'Foam Roller', perPartsPrice: 12 }),
    );

    const one = await call(ctx.app, 'GET /tool/:id', { params: { id } });
    expect(one.body).toMatchObject({ _id: id, orderQuantity: 10, availableQuantity: 500 });
  });

  it('an unknown or malformed tool id is a 404', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
      const response = await call(ctx.app, 'GET /tool/:id', { params: { id } });
      expect(response.status).toBe(404);
      expect(response.error).toMatchObject({ code: 'not-found' });
    }
  });

  it.each([
    ['name', { name: '' }, copy.nameRequired],
    ['available quantity', { availableQuantity: undefined }, copy.maxQuantityRequired],
    ['min quantity', { orderQuantity: undefined }, copy.minQuantityRequired],
    ['unit price', { perPartsPrice: undefined }, copy.minQuantityRequired],
    ['description', { description: '  ' }, copy.descriptionRequired],
    ['image', { img: '' }, copy.imageRequired],
  ])("adding a tool without its %s answers the shop's message (§3.8)", async (_field, override, message) => {
    const response = await call(ctx.app, 'POST /tool', {
      as: admin,
      unsafeBody: { ...toolInput(), ...override },
    });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({
      code: 'invalid-input',
      message,
      issues: [{ field: Object.keys(override)[0], message }],
    });
  });

  it('names every refused field with its message, the first one also as the message', async () => {
    const response = await call(ctx.app, 'POST /tool', {
      as: admin,
      unsafeBody: { ...toolInput(), name: '', availableQuantity: 2.5, img: '', stock: 5 },
    });
    expect(response.status).toBe(400);
    const body = response.error;
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { field: 'name', message: copy.nameRequired },
        { field: 'availableQuantity', message: 'Available quantity must be a whole number' },
        { field: 'img', message: copy.imageRequired },
        { field: 'stock', message: expect.stringContaining('stock') },
      ]),
    );
    expect(body.issues).toHaveLength(4);
    expect(body.message).toBe(body.issues![0]!.message);
  });

  it('refuses fractional quantities, unknown fields and script image URLs', async () => {
    for (const override of [
      { availableQuantity: 2.5 },
      { perPartsPrice: -1 },
      { img: 'javascript:alert(1)' },
      { stock: 5 },
    ]) {
      const response = await call(ctx.app, 'POST /tool', {
        as: admin,
        unsafeBody: { ...toolInput(), ...override },
      });
      expect(response.status, JSON.stringify(override)).toBe(400);
    }
  });

  it('a customer cannot add or delete a tool', async () => {
    const customer = await signUpCustomer(ctx.app);
    const id = await addTool(ctx.app, admin);
    const add = await call(ctx.app, 'POST /tool', { as: customer, body: toolInput() });
    expect(add.status).toBe(403);
    const del = await call(ctx.app, 'DELETE /delete-tool/:id', { as: customer, params: { id } });
    expect(del.status).toBe(403);
  });

  it('an admin deletes a tool once; a second delete is a 404', async () => {
    const id = await addTool(ctx.app, admin);
    const first = await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id } });
    expect(first.body).toEqual({ deletedCount: 1 });
    const second = await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id } });
    expect(second.status).toBe(404);
  });
});
