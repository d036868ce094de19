import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callAnyRoute, type AnyRouteOptions } from './helpers/call';
import { joinCompany, openCompany } from './helpers/companies';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Every role against every route of one company (docs/behaviour.md §4.19, §4.19): its admin, a
 * buyer, a viewer, a member of another company, a customer of none, the shop's admin and a
 * visitor. Another company's member hears 404 on everything of this one, as if it did not exist;
 * a member whose role does not allow the action hears 403.
 */
type Role = 'companyAdmin' | 'buyer' | 'viewer' | 'rival' | 'customer' | 'shopAdmin' | 'anonymous';
const roles: Role[] = ['companyAdmin', 'buyer', 'viewer', 'rival', 'customer', 'shopAdmin', 'anonymous'];

let shop: Shop<never>;
let companyId: string;
let toolId: string;
const people = {} as Record<Exclude<Role, 'anonymous'>, SignedIn>;
/** A buyer with a $1 limit: every order of theirs awaits approval. */
let thriftyBuyer: SignedIn;

beforeAll(async () => {
  shop = await openShop();
  toolId = await addTool(shop.app, shop.admin, { availableQuantity: 100_000, perPartsPrice: 5 });
  people.shopAdmin = shop.admin;
  people.companyAdmin = await signUpCustomer(shop.app, 'company-admin');
  companyId = await openCompany(shop.app, shop.admin, people.companyAdmin);
  people.buyer = await joinCompany(shop, people.companyAdmin, companyId, 'buyer');
  people.viewer = await joinCompany(shop, people.companyAdmin, companyId, 'viewer');
  thriftyBuyer = await joinCompany(shop, people.companyAdmin, companyId, 'buyer', 1);
  people.rival = await signUpCustomer(shop.app, 'rival');
  await openCompany(shop.app, shop.admin, people.rival, 'Rival Painters');
  people.customer = await signUpCustomer(shop.app, 'customer');
});
afterAll(async () => {
  await shop?.close();
});

const asRole = (role: Role) => (role === 'anonymous' ? null : people[role]);

async function awaitingOrder(): Promise<string> {
  const placed = await call(shop.app, 'POST /order', {
    as: thriftyBuyer,
    body: { toolsId: toolId, quantity: 10, phoneNumber: '01711000000', address: '4 Dock Road, Hull' },
  });
  return placed.body.insertedId;
}

const SITE = {
  name: 'Dock Site',
  line1: '1 Quay',
  city: 'Hull',
  postalCode: 'HU1 1AA',
  country: 'GB',
  phone: '01482 000001',
};

async function sharedAddressId(): Promise<string> {
  const added = await call(shop.app, 'POST /company/:id/address', {
    as: people.companyAdmin,
    params: { id: companyId },
    body: SITE,
  });
  return added.body.id;
}

async function invitationId(): Promise<string> {
  const sent = await call(shop.app, 'POST /company/:id/invitation', {
    as: people.companyAdmin,
    params: { id: companyId },
    body: { email: `pending-${randomUUID()}@shop.test`, role: 'viewer' },
  });
  return sent.body.id;
}

interface Case {
  route: string;
  request: (role: Role) => Promise<AnyRouteOptions> | AnyRouteOptions;
  expect: Record<Role, number>;
}

// Columns in the order of `roles`.
const statuses = (...codes: number[]) =>
  Object.fromEntries(roles.map((role, index) => [role, codes[index]!])) as Record<Role, number>;

const cases: Case[] = [
  {
    route: 'GET /company/:id',
    request: () => ({ params: { id: companyId } }),
    expect: statuses(200, 200, 200, 404, 404, 200, 401),
  },
  {
    route: 'GET /company/:id/member',
    request: () => ({ params: { id: companyId } }),
    expect: statuses(200, 200, 200, 404, 404, 200, 401),
  },
  {
    route: 'PATCH /company/:id/member/:userId',
    request: () => ({ params: { id: companyId, userId: people.buyer.id }, body: { orderLimit: 5000 } }),
    expect: statuses(200, 403, 403, 404, 404, 200, 401),
  },
  {
    route: 'DELETE /company/:id/member/:userId',
    request: async () => {
      const member = await joinCompany(shop, people.companyAdmin, companyId, 'viewer');
      return { params: { id: companyId, userId: member.id } };
    },
    expect: statuses(200, 403, 403, 404, 404, 200, 401),
  },
  {
    route: 'GET /company/:id/invitation',
    request: () => ({ params: { id: companyId } }),
    expect: statuses(200, 403, 403, 404, 404, 200, 401),
  },
  {
    route: 'POST /company/:id/invitation',
    request: () => ({
      params: { id: companyId },
      body: { email: `new-${randomUUID()}@shop.test`, role: 'buyer' },
    }),
    expect: statuses(201, 403, 403, 404, 404, 201, 401),
  },
  {
    route: 'DELETE /company/:id/invitation/:invitationId',
    request: async () => ({ params: { id: companyId, invitationId: await invitationId() } }),
    expect: statuses(200, 403, 403, 404, 404, 200, 401),
  },
  {
    route: 'GET /company/:id/address',
    request: () => ({ params: { id: companyId } }),
    expect: statuses(200, 200, 200, 404, 404, 200, 401),
  },
  {
    route: 'POST /company/:id/address',
    request: () => ({ params: { id: companyId }, body: SITE }),
    expect: statuses(201, 403, 403, 404, 404, 201, 401),
  },
  {
    route: 'DELETE /company/:id/address/:addressId',
    request: async () => ({ params: { id: companyId, addressId: await sharedAddressId() } }),
    expect: statuses(200, 403, 403, 404, 404, 200, 401),
  },
  {
    route: 'GET /company/:id/price',
    request: () => ({ params: { id: companyId } }),
    expect: statuses(200, 200, 200, 404, 404, 200, 401),
  },
  {
    route: 'PUT /company/:id/price/:toolId',
    request: () => ({ params: { id: companyId, toolId }, body: { unitPrice: 4 } }),
    expect: statuses(403, 403, 403, 403, 403, 200, 401),
  },
  {
    route: 'POST /order/:id/approve',
    request: async () => ({ params: { id: await awaitingOrder() } }),
    expect: statuses(200, 403, 403, 404, 404, 404, 401),
  },
  {
    route: 'POST /order/:id/decline-approval',
    request: async () => ({ params: { id: await awaitingOrder() }, body: { reason: 'Over budget' } }),
    expect: statuses(200, 403, 403, 404, 404, 404, 401),
  },
  {
    route: 'POST /order',
    request: () => ({
      body: { toolsId: toolId, quantity: 10, phoneNumber: '01711000000', address: '4 Dock Road, Hull' },
    }),
    expect: statuses(201, 201, 403, 201, 201, 201, 401),
  },
];

describe("one company's routes, by role", () => {
  for (const { route, request, expect: expected } of cases) {
    it(`${route}: ${roles.map((role) => `${role} ${expected[role]}`).join(', ')}`, async () => {
      for (const role of roles) {
        const options = await request(role);
        const response = await callAnyRoute(
          shop.app,
          route as never,
          { ...options, as: asRole(role) } as AnyRouteOptions,
        );
        expect(response.status, `${role}: ${response.text}`).toBe(expected[role]);
      }
    });
  }

  it("a viewer's checkout is refused (403) and leaves the cart as it was", async () => {
    const { viewer } = people;
    const address = await call(shop.app, 'POST /address', {
      as: viewer,
      body: {
        name: 'Site',
        line1: '1 Quay',
        city: 'Hull',
        postalCode: 'HU1 1AA',
        country: 'GB',
        phone: '01482 000001',
      },
    });
    await call(shop.app, 'PUT /cart/lines', { as: viewer, body: { lines: [{ toolId, quantity: 10 }] } });
    const checkout = await call(shop.app, 'POST /checkout', {
      as: viewer,
      headers: { 'idempotency-key': randomUUID() },
      body: { addressId: address.body._id },
    });
    expect(checkout.status).toBe(403);
    expect((await call(shop.app, 'GET /cart', { as: viewer })).body.lines).toHaveLength(1);
  });

  it("a buyer checks out to an address the company shares; another company's shared address is unknown", async () => {
    const { buyer, rival } = people;
    const shared = await sharedAddressId();
    await call(shop.app, 'PUT /cart/lines', { as: buyer, body: { lines: [{ toolId, quantity: 10 }] } });
    const placed = await call(shop.app, 'POST /checkout', {
      as: buyer,
      headers: { 'idempotency-key': randomUUID() },
      body: { addressId: shared },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order.shippingAddress).toMatchObject({ name: 'Dock Site', line1: '1 Quay' });
    // Removing it later changes no order: the order keeps its copy.
    await call(shop.app, 'DELETE /company/:id/address/:addressId', {
      as: people.companyAdmin,
      params: { id: companyId, addressId: shared },
    });
    const kept = await call(shop.app, 'GET /order/:id', {
      as: buyer,
      params: { id: placed.body.insertedId },
    });
    expect(kept.body.shippingAddress).toMatchObject({ name: 'Dock Site' });

    await call(shop.app, 'PUT /cart/lines', { as: rival, body: { lines: [{ toolId, quantity: 10 }] } });
    const outsider = await call(shop.app, 'POST /checkout', {
      as: rival,
      headers: { 'idempotency-key': randomUUID() },
      body: { addressId: await sharedAddressId() },
    });
    expect(outsider.status).toBe(404);
  });

  it('a member may leave; then the company’s orders and prices are no longer theirs to read', async () => {
    const leaver = await joinCompany(shop, people.companyAdmin, companyId, 'buyer');
    const left = await call(shop.app, 'DELETE /company/:id/member/:userId', {
      as: leaver,
      params: { id: companyId, userId: leaver.id },
    });
    expect(left.body).toEqual({ deletedCount: 1 });
    expect(
      (await call(shop.app, 'GET /company/:id/price', { as: leaver, params: { id: companyId } })).status,
    ).toBe(404);
    expect((await call(shop.app, 'GET /company/mine', { as: leaver })).body.membership).toBeNull();
  });
});
