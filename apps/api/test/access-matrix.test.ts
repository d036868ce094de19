import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteKey } from '@shop/shared/api/routes';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { invoices } from '../src/modules/invoicing/invoicing.table';
import { call, callAnyRoute, type AnyRouteOptions, type CallOptions } from './helpers/call';
import { applyFor, invitationTokenFor, joinCompany, mailboxOf, openCompany } from './helpers/companies';
import { failedPlacedMail } from './helpers/failed-order-mail';
import { multipart } from './helpers/multipart';
import { totpCode, turnOnTwoFactor } from './helpers/two-factor';
import { clientSecretFor, GOOD_CARD } from './helpers/payments';
import { challengeOf, sessionOf } from './helpers/sign-in';
import {
  PASSWORD,
  addTool,
  createTestApp,
  signUpAdmin,
  signUpCustomer,
  toolInput,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * Every API route against four callers: anonymous, a customer (who owns the data the route
 * names), another customer, and an admin. Someone else's order answers 404, as an unknown one. The rows must name every route of the shared route
 * table, so a new route cannot ship without its row.
 */
type Caller = 'anonymous' | 'owner' | 'other' | 'admin';
const callers: Caller[] = ['anonymous', 'owner', 'other', 'admin'];
/** A token that names no live session: refused on every route, public ones included. */
const DEAD_TOKEN = { token: 'no-such-session-token' };

/** The routes of this app: the Stripe webhook exists only with PAYMENTS=stripe (payments-webhook.test.ts calls it). */
type MatrixRoute = Exclude<RouteKey, 'POST /stripe/webhook'>;

interface Row<K extends RouteKey> {
  expect: Record<Caller, number>;
  /**
   * Builds a fresh request for one caller (fresh data where the call consumes it): the params,
   * query and body the route table types for the route; the caller's token is added.
   */
  request: (caller: Caller) => Promise<CallOptions<K>> | CallOptions<K>;
}

/** A row per route of the table, by its key: a route without its row fails `tsc` too. */
type Rows = { [K in MatrixRoute]: Row<K> };

let ctx: TestContext;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let toolId: string;
let ownersOrderId: string;
let ownersCompanyId: string;
let othersCompanyId: string;
/** A buyer of the owner's company. */
let ownersBuyer: SignedIn;
/** An account with two-factor sign-in on, and its authenticator's URI. */
let twoFactorUser: SignedIn;
let twoFactorRecoveryCodes: string[];

const signedIn = (caller: Caller): SignedIn | null =>
  caller === 'admin' ? admin : caller === 'owner' ? owner : caller === 'other' ? other : null;

async function placeOrder(customer: SignedIn): Promise<string> {
  const response = await call(ctx.app, 'POST /order', {
    as: customer,
    body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
  });
  return response.body.insertedId;
}

async function paidOrderOf(customer: SignedIn): Promise<string> {
  const id = await placeOrder(customer);
  await ctx.database.db
    .update(orders)
    .set({ paid: true, state: 'paid', transactionId: `pi_matrix_${randomUUID()}`, paidAt: new Date() })
    .where(eq(orders.id, id));
  return id;
}

/** A new general review by the owner. */
async function ownersReviewId(): Promise<string> {
  const response = await call(ctx.app, 'POST /review', {
    as: owner,
    body: { rating: 3, review: 'Matrix review.' },
  });
  return response.body.insertedId;
}

/** A new contact message's id, as the admin's inbox lists it. */
async function contactMessageId(): Promise<string> {
  await call(ctx.app, 'POST /contact', {
    body: { firstName: 'Matrix', email: 'matrix@shop.test', message: 'Hello' },
  });
  const inbox = await call(ctx.app, 'GET /contact-messages', { as: admin });
  return inbox.body.messages[0]!._id;
}

const MATRIX_ADDRESS = {
  name: 'Matrix Site',
  line1: '1 Easel Street',
  city: 'Leeds',
  postalCode: 'LS1 4AB',
  country: 'GB',
  phone: '0113 496 0000',
};

/** A new address in the customer's book. */
async function addressOf(customer: SignedIn): Promise<string> {
  return (await call(ctx.app, 'POST /address', { as: customer, body: MATRIX_ADDRESS })).body._id;
}

/** A new saved list of the owner's, of one line. */
async function ownersListId(): Promise<string> {
  const response = await call(ctx.app, 'POST /list', {
    as: owner,
    body: { name: `Matrix ${randomUUID()}`, lines: [{ toolId, quantity: 10 }] },
  });
  return response.body.id;
}

const keyed = () => ({ 'idempotency-key': randomUUID() });

/**
 * An invitation for `email`, and its link's token: to the other's company, or, for the other
 * (already its member), to the owner's.
 */
async function invitationTo(email: string): Promise<string> {
  const [inviter, id] = email === other.email ? [owner, ownersCompanyId] : [other, othersCompanyId];
  await call(ctx.app, 'POST /company/:id/invitation', {
    as: inviter,
    params: { id },
    body: { email, role: 'viewer' },
  });
  return invitationTokenFor(mailboxOf(ctx), email);
}

/** A new buyer's order above their $1 limit, awaiting the owner's approval. */
async function orderAwaitingApproval(): Promise<string> {
  return placeOrder(await joinCompany(ctx, owner, ownersCompanyId, 'buyer', 1));
}

async function invoiceOf(id: string) {
  const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, id));
  return invoice!;
}

/** A new order of the owner's, paid by invoice on their company's terms: the invoice's id. */
async function ownersInvoiceId(): Promise<string> {
  const response = await call(ctx.app, 'POST /order/:id/invoice', {
    as: owner,
    params: { id: await placeOrder(owner) },
  });
  return response.body.id;
}

let ownersQuoteAddress: string | undefined;
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** A new quote asked by the owner on a cart of one line; priced and sent when `priced`. */
async function ownersQuoteId({ priced }: { priced: boolean }): Promise<string> {
  await call(ctx.app, 'PUT /cart/lines', { as: owner, body: { lines: [{ toolId, quantity: 10 }] } });
  const asked = await call(ctx.app, 'POST /quote', { as: owner, body: {} });
  const id = asked.body.id;
  if (priced) {
    await call(ctx.app, 'PUT /quote/:id/prices', {
      as: admin,
      params: { id },
      body: { lines: [{ toolId, unitPrice: 1 }], expiresOn: inAMonth() },
    });
  }
  return id;
}

/** A new resale certificate of the owner's company, waiting for the shop's check. */
async function ownersCertificateId(): Promise<string> {
  const response = await call(ctx.app, 'POST /company/:id/resale-certificate', {
    as: owner,
    params: { id: ownersCompanyId },
    body: { country: 'US', region: 'CA', number: `SR-${randomUUID().slice(0, 8)}`, expiresOn: '2099-12-31' },
  });
  return response.body.id;
}

/** A new tax registration, in a region of its own. */
async function registrationId(): Promise<string> {
  const response = await call(ctx.app, 'POST /tax-registration', {
    as: admin,
    body: { country: 'US', region: `M${randomUUID().slice(0, 6)}`, label: 'Sales tax', rate: 5 },
  });
  return response.body.id;
}

const everyone = (status: number) => ({ anonymous: status, owner: status, other: status, admin: status });
const signedInOnly = (status: number) => ({ anonymous: 401, owner: status, other: status, admin: status });
const adminOnly = (status: number) => ({ anonymous: 401, owner: 403, other: 403, admin: status });
/** The owner's company's routes: the other, of another company, hears 404 as if it did not exist. */
const companyMembersAndAdmin = (status: number) => ({
  anonymous: 401,
  owner: status,
  other: 404,
  admin: status,
});

const rows: Rows = {
  'GET /health': { expect: everyone(200), request: () => ({}) },
  'POST /account': {
    expect: everyone(201),
    request: () => ({
      body: { name: 'New Person', email: `new-${randomUUID()}@shop.test`, password: PASSWORD },
    }),
  },
  'POST /session': {
    expect: everyone(200),
    request: () => ({ body: { email: owner.email, password: PASSWORD } }),
  },
  'GET /session': { expect: signedInOnly(200), request: () => ({}) },
  'POST /password-reset': {
    expect: everyone(200),
    request: () => ({ body: { email: owner.email } }),
  },
  'POST /password-reset/complete': {
    // A made-up token: the route is public, and refuses it the same for everyone.
    expect: everyone(400),
    request: () => ({
      body: { token: 'made-up', password: 'fresh-paint-42' },
    }),
  },
  'POST /email-verification': {
    // The admin verified its address to become one (docs/behaviour.md §4.1): 409 past the rule.
    expect: { ...signedInOnly(200), admin: 409 },
    request: () => ({}),
  },
  'POST /email-verification/complete': {
    expect: everyone(400),
    request: () => ({ body: { token: 'made-up' } }),
  },
  'GET /tool': { expect: everyone(200), request: () => ({}) },
  'GET /tool/:id': { expect: everyone(200), request: () => ({ params: { id: toolId } }) },
  'GET /order-rules': { expect: everyone(200), request: () => ({}) },
  'POST /tool': {
    expect: adminOnly(201),
    request: () => ({ body: toolInput() }),
  },
  'DELETE /delete-tool/:id': {
    expect: adminOnly(200),
    request: async () => ({ params: { id: await addTool(ctx.app, admin) } }),
  },
  'PATCH /tool/:id': {
    expect: adminOnly(200),
    request: () => ({ params: { id: toolId }, body: { description: 'Edited by the matrix.' } }),
  },
  'POST /tool/:id/restock': {
    expect: adminOnly(201),
    request: () => ({ params: { id: toolId }, body: { quantity: 5 } }),
  },
  'POST /tool/:id/stock-adjustment': {
    expect: adminOnly(201),
    request: () => ({
      params: { id: toolId },
      body: { delta: 1, reason: 'Matrix count' },
    }),
  },
  'GET /tool/:id/stock-movements': {
    expect: adminOnly(200),
    request: () => ({ params: { id: toolId } }),
  },
  'GET /archived-tool': { expect: adminOnly(200), request: () => ({}) },
  'POST /archived-tool/:id/restore': {
    // A fresh tool that an order names, then deleted: archived, so there is one to restore.
    expect: adminOnly(200),
    request: async () => {
      const archivedId = await addTool(ctx.app, admin);
      await call(ctx.app, 'POST /order', {
        as: owner,
        body: { toolsId: archivedId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
      });
      await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: archivedId } });
      return { params: { id: archivedId } };
    },
  },
  'PUT /user/:email': {
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: () => ({ params: { email: owner.email }, body: { email: owner.email } }),
  },
  'GET /admin/:email': {
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
    request: () => ({ params: { email: owner.email } }),
  },
  'GET /user': { expect: adminOnly(200), request: () => ({}) },
  'PUT /user/admin/:email': {
    expect: adminOnly(200),
    request: async () => ({ params: { email: (await signUpCustomer(ctx.app, 'promote')).email } }),
  },
  'GET /current-user': {
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
    request: () => ({ query: { email: owner.email } }),
  },
  'PUT /current-user/:email': {
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: () => ({
      params: { email: owner.email },
      body: {
        phone: '01711000000',
        address: '1 Easel Street',
        study: 'Fine Arts',
        fb: 'https://facebook.com/owner',
        insta: 'https://instagram.com/owner',
        linkdin: 'https://linkedin.com/in/owner',
        github: 'https://github.com/owner',
      },
    }),
  },
  'GET /review': { expect: everyone(200), request: () => ({}) },
  'POST /review': {
    expect: signedInOnly(201),
    request: () => ({ body: { rating: 5, review: 'Sturdy and even.' } }),
  },
  'GET /my-reviews': { expect: signedInOnly(200), request: () => ({}) },
  'PATCH /review/:id': {
    // Only the author edits or deletes a review; another's answers 404, as an unknown one.
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      params: { id: await ownersReviewId() },
      body: { rating: 4, review: 'Edited.' },
    }),
  },
  'DELETE /review/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await ownersReviewId() } }),
  },
  'GET /moderation/reviews': {
    expect: adminOnly(200),
    request: () => ({}),
  },
  'PATCH /moderation/reviews/:id': {
    expect: adminOnly(200),
    request: async () => ({
      params: { id: await ownersReviewId() },
      body: { hidden: true, reason: 'Abusive language' },
    }),
  },
  'POST /upload': {
    expect: adminOnly(201),
    request: async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
        .png()
        .toBuffer();
      return {
        multipart: await multipart([{ field: 'image', bytes: png, filename: 'tool.png', type: 'image/png' }]),
      };
    },
  },
  'POST /order': {
    expect: signedInOnly(201),
    request: () => ({
      body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
    }),
  },
  'GET /my-order': {
    expect: signedInOnly(200),
    request: () => ({}),
  },
  'GET /order/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: () => ({ params: { id: ownersOrderId } }),
  },
  'DELETE /order/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await placeOrder(owner) } }),
  },
  'GET /order': { expect: adminOnly(200), request: () => ({}) },
  'GET /address': { expect: signedInOnly(200), request: () => ({}) },
  'POST /address': { expect: signedInOnly(201), request: () => ({ body: MATRIX_ADDRESS }) },
  // Someone else's address answers 404, as an unknown one, admins included.
  'PATCH /address/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await addressOf(owner) }, body: { city: 'York' } }),
  },
  'DELETE /address/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await addressOf(owner) } }),
  },
  'GET /cart': { expect: signedInOnly(200), request: () => ({}) },
  'GET /cart/tax': {
    expect: signedInOnly(200),
    request: async (caller) => {
      const who = signedIn(caller);
      return { query: { addressId: who ? await addressOf(who) : randomUUID() } };
    },
  },
  'PUT /cart/lines': {
    expect: signedInOnly(200),
    request: () => ({ body: { lines: [{ toolId, quantity: 10 }] } }),
  },
  'POST /checkout': {
    // Each caller checks out a cart and an address of their own.
    expect: signedInOnly(201),
    request: async (caller) => {
      const who = signedIn(caller);
      if (!who) return { headers: keyed(), body: { addressId: randomUUID() } };
      await call(ctx.app, 'PUT /cart/lines', { as: who, body: { lines: [{ toolId, quantity: 10 }] } });
      return { headers: keyed(), body: { addressId: await addressOf(who) } };
    },
  },
  'POST /cart/quick-add/check': {
    expect: signedInOnly(200),
    request: () => ({ body: { rows: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] } }),
  },
  'POST /cart/quick-add': {
    expect: signedInOnly(200),
    request: () => ({ headers: keyed(), body: { rows: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] } }),
  },
  // Into the caller's own cart: another's order, an admin's call included, is 404.
  'POST /order/:id/reorder': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: () => ({ params: { id: ownersOrderId } }),
  },
  'GET /list': { expect: signedInOnly(200), request: () => ({}) },
  'POST /list': {
    expect: signedInOnly(201),
    request: () => ({ body: { name: `Matrix ${randomUUID()}`, lines: [] } }),
  },
  'GET /list/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await ownersListId() } }),
  },
  'PATCH /list/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      params: { id: await ownersListId() },
      body: { name: `Renamed ${randomUUID()}` },
    }),
  },
  'DELETE /list/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await ownersListId() } }),
  },
  'POST /list/:id/add-to-cart': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await ownersListId() } }),
  },
  'GET /order/:id/receipt': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async () => ({ params: { id: await paidOrderOf(owner) } }),
  },
  'GET /order/:id/receipt/pdf': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async () => ({ params: { id: await paidOrderOf(owner) } }),
  },
  'GET /order-export': { expect: adminOnly(200), request: () => ({}) },
  'GET /order/:id/timeline': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: () => ({ params: { id: ownersOrderId } }),
  },
  'POST /order/:id/cancel': {
    expect: adminOnly(200),
    request: async () => ({ params: { id: await placeOrder(owner) } }),
  },
  'PATCH /shipping-order/:id': {
    expect: adminOnly(200),
    request: async () => ({ params: { id: await paidOrderOf(owner) } }),
  },
  'GET /auth/providers': {
    expect: everyone(200),
    request: () => ({}),
  },
  // Social sign-in is not configured here (oidc.test.ts runs it against a real provider).
  'GET /auth/social/start': {
    expect: everyone(404),
    request: () => ({}),
  },
  'GET /auth/callback/oidc': {
    expect: everyone(404),
    request: () => ({ query: { code: 'c', state: 's' } }),
  },
  'POST /session/exchange': {
    // Only the social sign-in's session cookie counts: a bearer token gets nothing here.
    expect: everyone(401),
    request: () => ({ headers: { origin: 'http://localhost:3000' } }),
  },
  'GET /payments/config': {
    expect: everyone(200),
    request: () => ({}),
  },
  'POST /create-payment-intent': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      body: { orderId: await placeOrder(owner) },
    }),
  },
  'POST /payments/demo/confirm': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      body: {
        clientSecret: await clientSecretFor(ctx.app, owner, await placeOrder(owner)),
        card: GOOD_CARD,
      },
    }),
  },
  'PATCH /order/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => {
      const orderId = await placeOrder(owner);
      const clientSecret = await clientSecretFor(ctx.app, owner, orderId);
      await call(ctx.app, 'POST /payments/demo/confirm', {
        as: owner,
        body: { clientSecret, card: GOOD_CARD },
      });
      return {
        params: { id: orderId },
        body: { tools: orderId, transactionId: clientSecret.split('_secret_')[0]! },
      };
    },
  },
  'POST /session/two-factor': {
    expect: everyone(200),
    request: async () => {
      const signIn = await call(ctx.app, 'POST /session', {
        body: { email: twoFactorUser.email, password: PASSWORD },
      });
      const challenge = challengeOf(signIn);
      // A recovery code per caller: a TOTP code is good once (docs/behaviour.md §4.13).
      return { body: { challenge, code: twoFactorRecoveryCodes.pop()! } };
    },
  },
  'POST /account/password': {
    // The same password again: allowed, and no one's session ends.
    expect: signedInOnly(200),
    request: () => ({
      body: { currentPassword: PASSWORD, newPassword: PASSWORD, signOutOtherDevices: false },
    }),
  },
  'GET /account/sessions': {
    expect: signedInOnly(200),
    request: () => ({}),
  },
  'DELETE /account/sessions/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => {
      const signIn = await call(ctx.app, 'POST /session', {
        body: { email: owner.email, password: PASSWORD },
      });
      const { token } = sessionOf(signIn);
      const list = await call(ctx.app, 'GET /account/sessions', { as: { token } });
      const device = list.body.sessions.find((s) => s.isCurrent);
      return { params: { id: device!.id } };
    },
  },
  'DELETE /account/sessions': {
    // Every other session of the caller; the callers' own tokens stay.
    expect: signedInOnly(200),
    request: () => ({}),
  },
  'GET /account/two-factor': {
    expect: signedInOnly(200),
    request: () => ({}),
  },
  'POST /account/two-factor': {
    expect: signedInOnly(200),
    request: () => ({ body: { password: PASSWORD } }),
  },
  'POST /account/two-factor/confirm': {
    // A wrong code (400) shows the caller got past the access rule; a right one would replace
    // the caller's session, which the rows after this one still use.
    expect: signedInOnly(400),
    request: async (caller) => {
      const account = signedIn(caller);
      if (!account) return { body: { code: '000000' } };
      const setup = await call(ctx.app, 'POST /account/two-factor', {
        as: account,
        body: { password: PASSWORD },
      });
      const right = totpCode(setup.body.totpUri);
      return {
        body: { code: right === '000000' ? '111111' : '000000' },
      };
    },
  },
  'POST /account/two-factor/disable': {
    // None of the callers has two-factor sign-in on: 409 past the access rule.
    expect: signedInOnly(409),
    request: () => ({ body: { password: PASSWORD } }),
  },
  'POST /contact': {
    expect: everyone(201),
    request: () => ({
      body: { firstName: 'Matrix', email: 'matrix@shop.test', message: 'Hello' },
    }),
  },
  'GET /contact-messages': {
    expect: adminOnly(200),
    request: () => ({ query: { state: 'unread' } }),
  },
  'GET /contact-messages/:id': {
    expect: adminOnly(200),
    request: async () => ({ params: { id: await contactMessageId() } }),
  },
  'PATCH /contact-messages/:id': {
    expect: adminOnly(200),
    request: async () => ({
      params: { id: await contactMessageId() },
      body: { state: 'archived' },
    }),
  },
  'GET /audit-events': {
    expect: adminOnly(200),
    request: () => ({ query: { kind: 'tool.create' } }),
  },
  'GET /shop-metrics': {
    expect: adminOnly(200),
    request: () => ({ query: { days: '30' } }),
  },
  'GET /order-mail/failed': {
    expect: adminOnly(200),
    request: () => ({}),
  },
  'POST /order-mail/:id/retry': {
    expect: adminOnly(200),
    // Only the admin's call needs a failed e-mail; the others are refused before any lookup.
    request: async (caller) => ({
      params: {
        id: caller === 'admin' ? await failedPlacedMail(ctx.database.db, await placeOrder(other)) : '1',
      },
    }),
  },
  // Sign-out last: it ends the callers' sessions.
  // Trade accounts (docs/behaviour.md §4.18): the owner is company A's admin, the other company
  // B's; the shop's admin is in neither. companies-access.test.ts walks the roles within one.
  'POST /company': {
    expect: { anonymous: 401, owner: 409, other: 409, admin: 201 },
    request: async (caller) => {
      const applicant = signedIn(caller);
      return {
        body: {
          name: `Matrix ${randomUUID()}`,
          taxNumber: 'GB123456789',
          addressId: applicant ? await addressOf(applicant) : 'none',
          phone: '0113 496 0000',
          monthlyVolume: 'under-1000',
        },
      };
    },
  },
  'GET /company/mine': { expect: signedInOnly(200), request: () => ({}) },
  'GET /company': { expect: adminOnly(200), request: () => ({}) },
  'GET /company/:id': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId } }),
  },
  'PATCH /company/:id': {
    expect: adminOnly(200),
    request: async () => {
      const id = await applyFor(ctx.app, await signUpCustomer(ctx.app, 'applicant'));
      return { params: { id }, body: { decision: 'approve' } };
    },
  },
  'GET /company/:id/member': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId } }),
  },
  'PATCH /company/:id/member/:userId': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId, userId: ownersBuyer.id }, body: { orderLimit: 100 } }),
  },
  'DELETE /company/:id/member/:userId': {
    expect: companyMembersAndAdmin(200),
    request: async () => {
      const member = await joinCompany(ctx, owner, ownersCompanyId, 'viewer');
      return { params: { id: ownersCompanyId, userId: member.id } };
    },
  },
  'GET /company/:id/invitation': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId } }),
  },
  'POST /company/:id/invitation': {
    expect: companyMembersAndAdmin(201),
    request: () => ({
      params: { id: ownersCompanyId },
      body: { email: `invited-${randomUUID()}@shop.test`, role: 'buyer' },
    }),
  },
  'DELETE /company/:id/invitation/:invitationId': {
    expect: companyMembersAndAdmin(200),
    request: async () => {
      const sent = await call(ctx.app, 'POST /company/:id/invitation', {
        as: owner,
        params: { id: ownersCompanyId },
        body: { email: `withdrawn-${randomUUID()}@shop.test`, role: 'viewer' },
      });
      return { params: { id: ownersCompanyId, invitationId: sent.body.id } };
    },
  },
  'GET /invitation/:token': {
    expect: everyone(200),
    request: async () => ({ params: { token: await invitationTo(`preview-${randomUUID()}@shop.test`) } }),
  },
  'POST /invitation/:token/accept': {
    // The owner and the other belong to a company already; the shop's admin to none.
    expect: { anonymous: 401, owner: 409, other: 409, admin: 200 },
    request: async (caller) => ({
      params: { token: await invitationTo(signedIn(caller)?.email ?? `nobody-${randomUUID()}@shop.test`) },
    }),
  },
  'GET /company/:id/address': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId } }),
  },
  'POST /company/:id/address': {
    expect: companyMembersAndAdmin(201),
    request: () => ({ params: { id: ownersCompanyId }, body: MATRIX_ADDRESS }),
  },
  'DELETE /company/:id/address/:addressId': {
    expect: companyMembersAndAdmin(200),
    request: async () => {
      const added = await call(ctx.app, 'POST /company/:id/address', {
        as: owner,
        params: { id: ownersCompanyId },
        body: MATRIX_ADDRESS,
      });
      return { params: { id: ownersCompanyId, addressId: added.body.id } };
    },
  },
  'GET /company/:id/price': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId } }),
  },
  'PUT /company/:id/price/:toolId': {
    expect: adminOnly(200),
    request: () => ({ params: { id: ownersCompanyId, toolId }, body: { unitPrice: 6 } }),
  },
  'DELETE /company/:id/price/:toolId': {
    expect: adminOnly(200),
    request: async () => {
      await call(ctx.app, 'PUT /company/:id/price/:toolId', {
        as: admin,
        params: { id: ownersCompanyId, toolId },
        body: { unitPrice: 6 },
      });
      return { params: { id: ownersCompanyId, toolId } };
    },
  },
  'GET /tax-registration': { expect: adminOnly(200), request: () => ({}) },
  'POST /tax-registration': {
    expect: adminOnly(201),
    request: () => ({
      body: { country: 'US', region: `N${randomUUID().slice(0, 6)}`, label: 'Sales tax', rate: 6 },
    }),
  },
  'PATCH /tax-registration/:id': {
    expect: adminOnly(200),
    request: async () => ({ params: { id: await registrationId() }, body: { rate: 7.25 } }),
  },
  'DELETE /tax-registration/:id': {
    expect: adminOnly(200),
    request: async () => ({ params: { id: await registrationId() } }),
  },
  'GET /company/:id/resale-certificate': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId } }),
  },
  'POST /company/:id/resale-certificate': {
    expect: companyMembersAndAdmin(201),
    request: () => ({
      params: { id: ownersCompanyId },
      body: { country: 'US', region: 'NY', number: 'ST-120-MATRIX', expiresOn: '2099-12-31' },
    }),
  },
  'PATCH /company/:id/resale-certificate/:certificateId': {
    expect: adminOnly(200),
    request: async () => ({
      params: { id: ownersCompanyId, certificateId: await ownersCertificateId() },
      body: { decision: 'verify' },
    }),
  },
  'PUT /company/:id/resale-certificate/:certificateId/file': {
    expect: companyMembersAndAdmin(200),
    request: async () => ({
      params: { id: ownersCompanyId, certificateId: await ownersCertificateId() },
      multipart: await multipart([
        {
          field: 'file',
          bytes: Buffer.from('%PDF-1.4\n%matrix\n'),
          filename: 'certificate.pdf',
          type: 'application/pdf',
        },
      ]),
    }),
  },
  'GET /company/:id/resale-certificate/:certificateId/file': {
    expect: companyMembersAndAdmin(200),
    request: async () => {
      const certificateId = await ownersCertificateId();
      await call(ctx.app, 'PUT /company/:id/resale-certificate/:certificateId/file', {
        as: owner,
        params: { id: ownersCompanyId, certificateId },
        multipart: await multipart([
          {
            field: 'file',
            bytes: Buffer.from('%PDF-1.4\n%matrix\n'),
            filename: 'c.pdf',
            type: 'application/pdf',
          },
        ]),
      });
      return { params: { id: ownersCompanyId, certificateId } };
    },
  },
  'DELETE /company/:id/resale-certificate/:certificateId': {
    expect: companyMembersAndAdmin(200),
    request: async () => ({ params: { id: ownersCompanyId, certificateId: await ownersCertificateId() } }),
  },
  'PUT /company/:id/terms': {
    expect: adminOnly(200),
    request: () => ({
      params: { id: ownersCompanyId },
      body: { days: 30, creditLimit: 5_000_000, invoiceEmail: 'accounts@owner.test' },
    }),
  },
  'DELETE /company/:id/terms': {
    // The other's company: the owner's keeps its terms for the invoice rows.
    expect: adminOnly(200),
    request: () => ({ params: { id: othersCompanyId } }),
  },
  'GET /company/:id/statement': {
    expect: companyMembersAndAdmin(200),
    request: () => ({ params: { id: ownersCompanyId } }),
  },
  'GET /order/:id/invoice': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async () => ({ params: { id: (await invoiceOf(await ownersInvoiceId())).orderId } }),
  },
  'POST /order/:id/invoice': {
    // Paying is the buyer's alone: anyone else hears 404, as for an unknown order.
    expect: { anonymous: 401, owner: 201, other: 404, admin: 404 },
    request: async () => ({ params: { id: await placeOrder(owner) } }),
  },
  'GET /invoice/:id/pdf': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async () => ({ params: { id: await ownersInvoiceId() } }),
  },
  'POST /invoice/:id/payment': {
    expect: adminOnly(201),
    request: async () => ({
      params: { id: await ownersInvoiceId() },
      body: { amount: 1, method: 'cheque', reference: 'Matrix' },
    }),
  },
  'POST /invoice/:id/card-intent': {
    // Paying by card is the company's admins' (the owner's): the shop admin reads it, may not pay it.
    expect: { anonymous: 401, owner: 200, other: 404, admin: 403 },
    request: async () => ({ params: { id: await ownersInvoiceId() } }),
  },
  'POST /invoice/:id/card-payment': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 403 },
    request: async () => {
      const id = await ownersInvoiceId();
      const intent = await call(ctx.app, 'POST /invoice/:id/card-intent', { as: owner, params: { id } });
      await call(ctx.app, 'POST /payments/demo/confirm', {
        as: owner,
        body: { clientSecret: intent.body.clientSecret, card: GOOD_CARD },
      });
      return { params: { id }, body: { intentId: intent.body.intentId } };
    },
  },
  'POST /quote': {
    expect: signedInOnly(201),
    request: async (caller) => {
      const customer = signedIn(caller);
      if (customer) {
        await call(ctx.app, 'PUT /cart/lines', { as: customer, body: { lines: [{ toolId, quantity: 10 }] } });
      }
      return { body: { note: 'Matrix' } };
    },
  },
  'GET /my-quote': { expect: signedInOnly(200), request: () => ({}) },
  'GET /quote': { expect: adminOnly(200), request: () => ({ query: { state: 'requested' } }) },
  'GET /quote/:id': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async () => ({ params: { id: await ownersQuoteId({ priced: false }) } }),
  },
  'PUT /quote/:id/prices': {
    expect: adminOnly(200),
    request: async () => ({
      params: { id: await ownersQuoteId({ priced: false }) },
      body: { lines: [{ toolId, unitPrice: 2 }], expiresOn: inAMonth() },
    }),
  },
  'POST /quote/:id/accept': {
    // Accepting is the buyer's alone: anyone else hears 404, as for an unknown quote.
    expect: { anonymous: 401, owner: 201, other: 404, admin: 404 },
    request: async () => ({
      params: { id: await ownersQuoteId({ priced: true }) },
      headers: keyed(),
      // One address of the owner's for every call: the book holds at most 20.
      body: { addressId: (ownersQuoteAddress ??= await addressOf(owner)), paymentMethod: 'invoice' },
    }),
  },
  'POST /order/:id/approve': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ params: { id: await orderAwaitingApproval() } }),
  },
  'POST /order/:id/decline-approval': {
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      params: { id: await orderAwaitingApproval() },
      body: { reason: 'Not this month' },
    }),
  },
  'DELETE /session': { expect: signedInOnly(200), request: () => ({}) },
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app);
  owner = await signUpCustomer(ctx.app, 'owner');
  other = await signUpCustomer(ctx.app, 'other');
  toolId = await addTool(ctx.app, admin, { availableQuantity: 100_000 });
  ownersOrderId = await placeOrder(owner);
  ownersCompanyId = await openCompany(ctx.app, admin, owner, 'Owner Decorators');
  othersCompanyId = await openCompany(ctx.app, admin, other, 'Other Painters');
  ownersBuyer = await joinCompany(ctx, owner, ownersCompanyId, 'buyer');
  await call(ctx.app, 'PUT /company/:id/terms', {
    as: admin,
    params: { id: ownersCompanyId },
    body: { days: 30, creditLimit: 5_000_000, invoiceEmail: 'accounts@owner.test' },
  });
  twoFactorUser = await signUpCustomer(ctx.app, 'second-factor');
  twoFactorRecoveryCodes = (await turnOnTwoFactor(ctx.app, twoFactorUser)).recoveryCodes;
});
afterAll(() => ctx.close());

describe('access matrix', () => {
  const registeredHere = (Object.keys(apiRoutes) as RouteKey[]).filter(
    (key) => key !== 'POST /stripe/webhook',
  );
  const matrix = Object.entries(rows) as [MatrixRoute, Row<RouteKey>][];

  it('has a row for every route of the shared table', () => {
    expect(matrix.map(([route]) => route).sort()).toEqual([...registeredHere].sort());
  });

  it('serves and documents exactly the routes of the table', () => {
    const documented = Object.entries(ctx.app.swagger().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map(
        (method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(documented.sort()).toEqual([...registeredHere].sort());
  });

  for (const [route, row] of matrix) {
    it(`${route}: ${callers.map((caller) => `${caller} ${row.expect[caller]}`).join(', ')}, bad token 401`, async () => {
      const [method] = route.split(' ');
      const send = async (caller: Caller, as: { token: string } | null) => {
        const request = await row.request(caller);
        return callAnyRoute(ctx.app, route, { ...request, as } as AnyRouteOptions);
      };
      // Only a public read may be kept by a browser or a proxy: every other answer is someone's.
      const isPublicRead = apiRoutes[route].access === 'public' && method === 'GET';
      for (const caller of callers) {
        const response = await send(caller, signedIn(caller));
        expect(response.status, `${caller}: ${response.text}`).toBe(row.expect[caller]);
        if (isPublicRead) expect(response.headers['cache-control'], caller).not.toBe('no-store');
        else expect(response.headers['cache-control'], caller).toBe('no-store');
      }
      const dead = await send('owner', DEAD_TOKEN);
      expect(dead.status, `bad token: ${dead.text}`).toBe(401);
    });
  }
});
