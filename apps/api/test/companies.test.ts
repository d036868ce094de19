import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import {
  COMPANY_ADDRESS,
  applyFor,
  invitationTokenFor,
  joinCompany,
  mailboxOf,
  openCompany,
} from './helpers/companies';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Trade accounts (docs/behaviour.md §4.18): applying and the shop's decision, invitations (single
 * use, expiring, for one address), roles (a viewer cannot order), a buyer's limit and its
 * approval, and contract prices: what members see and pay, what a visitor never sees.
 */
let shop: Shop<'visitorish'>;
let companyAdmin: SignedIn;
let companyId: string;
let brush: string; // list $10, minimum 10

beforeAll(async () => {
  shop = await openShop({ customers: ['visitorish'] });
  brush = await addTool(shop.app, shop.admin, {
    name: 'Contract Brush',
    perPartsPrice: 10,
    orderQuantity: 10,
  });
  companyAdmin = await signUpCustomer(shop.app, 'office');
  companyId = await openCompany(shop.app, shop.admin, companyAdmin);
});
afterAll(async () => {
  await shop?.close();
});

const orderOf = (as: SignedIn, quantity: number) =>
  call(shop.app, 'POST /order', {
    as,
    body: { toolsId: brush, quantity, phoneNumber: '01711000000', address: '4 Dock Road, Hull' },
  });

describe('applying for a trade account', () => {
  it('waits for the shop, which approves it: the applicant is its first admin and is told by mail', async () => {
    const applicant = await signUpCustomer(shop.app, 'applicant');
    const id = await applyFor(shop.app, applicant, 'Quayside Painters');
    const mine = await call(shop.app, 'GET /company/mine', { as: applicant });
    expect(mine.body).toMatchObject({ membership: null, application: { id, state: 'pending' } });
    expect(mine.body.application!.billingAddress).toMatchObject({ line1: COMPANY_ADDRESS.line1 });

    // A second application while one waits is refused; other customers cannot decide it.
    const address = await call(shop.app, 'POST /address', { as: applicant, body: COMPANY_ADDRESS });
    const second = await call(shop.app, 'POST /company', {
      as: applicant,
      body: {
        name: 'Again Ltd',
        taxNumber: 'GB1234',
        addressId: address.body._id,
        phone: '01482 000000',
        monthlyVolume: 'over-25000',
      },
    });
    expect(second.status).toBe(409);
    const decideAsCustomer = await call(shop.app, 'PATCH /company/:id', {
      as: applicant,
      params: { id },
      body: { decision: 'approve' },
    });
    expect(decideAsCustomer.status).toBe(403);

    const approved = await call(shop.app, 'PATCH /company/:id', {
      as: shop.admin,
      params: { id },
      body: { decision: 'approve' },
    });
    expect(approved.body).toMatchObject({ state: 'approved', memberCount: 1 });
    const again = await call(shop.app, 'PATCH /company/:id', {
      as: shop.admin,
      params: { id },
      body: { decision: 'decline', reason: 'Changed our mind' },
    });
    expect(again.status).toBe(409);

    const member = await call(shop.app, 'GET /company/mine', { as: applicant });
    expect(member.body.membership).toMatchObject({
      role: 'admin',
      company: { id, name: 'Quayside Painters' },
    });
    const mail = await mailboxOf(shop).nextMail(applicant.email, { subject: 'is open' });
    expect(mail.subject).toBe('Your trade account for Quayside Painters is open');

    const audit = await call(shop.app, 'GET /audit-events', {
      as: shop.admin,
      query: { kind: 'company.approve' },
    });
    expect(audit.body.map((event) => event.target.id)).toContain(id);
  });

  it('is declined with a reason, which the applicant reads in the mail and may apply again', async () => {
    const applicant = await signUpCustomer(shop.app, 'declined');
    const id = await applyFor(shop.app, applicant, 'Nowhere Ltd');
    const noReason = await call(shop.app, 'PATCH /company/:id', {
      as: shop.admin,
      params: { id },
      body: { decision: 'decline' } as never,
    });
    expect(noReason.status).toBe(400);
    const declined = await call(shop.app, 'PATCH /company/:id', {
      as: shop.admin,
      params: { id },
      body: { decision: 'decline', reason: 'We could not verify the VAT number' },
    });
    expect(declined.body).toMatchObject({
      state: 'declined',
      declineReason: 'We could not verify the VAT number',
    });
    const mail = await mailboxOf(shop).nextMail(applicant.email, { subject: 'application' });
    expect(mail.text).toContain('Our reason: We could not verify the VAT number');
    expect((await call(shop.app, 'GET /company/mine', { as: applicant })).body.application?.state).toBe(
      'declined',
    );
    await applyFor(shop.app, applicant, 'Nowhere Again Ltd');
  });

  it('refuses an address from another account’s book as unknown', async () => {
    const applicant = await signUpCustomer(shop.app, 'borrower');
    const someoneElses = await call(shop.app, 'POST /address', { as: companyAdmin, body: COMPANY_ADDRESS });
    const applied = await call(shop.app, 'POST /company', {
      as: applicant,
      body: {
        name: 'Borrowed Address Ltd',
        taxNumber: 'GB999',
        addressId: someoneElses.body._id,
        phone: '01482 000000',
        monthlyVolume: 'under-1000',
      },
    });
    expect(applied.status).toBe(404);
  });
});

describe('invitations', () => {
  it('are used once, by the address they were sent to', async () => {
    const invited = await signUpCustomer(shop.app, 'invited');
    const stranger = await signUpCustomer(shop.app, 'stranger');
    const sent = await call(shop.app, 'POST /company/:id/invitation', {
      as: companyAdmin,
      params: { id: companyId },
      body: { email: invited.email, role: 'buyer', orderLimit: 500 },
    });
    expect(sent.status).toBe(201);
    const token = await invitationTokenFor(mailboxOf(shop), invited.email);
    const preview = await call(shop.app, 'GET /invitation/:token', { params: { token } });
    expect(preview.body).toMatchObject({
      companyName: 'Harbour Decorators Ltd',
      email: invited.email,
      role: 'buyer',
    });

    const wrongPerson = await call(shop.app, 'POST /invitation/:token/accept', {
      as: stranger,
      params: { token },
    });
    expect(wrongPerson.status).toBe(403);
    const accepted = await call(shop.app, 'POST /invitation/:token/accept', {
      as: invited,
      params: { token },
    });
    expect(accepted.body.membership).toMatchObject({ role: 'buyer', orderLimit: 500 });
    const reused = await call(shop.app, 'POST /invitation/:token/accept', { as: invited, params: { token } });
    expect(reused.status).toBe(404);
    expect((await call(shop.app, 'GET /invitation/:token', { params: { token } })).status).toBe(404);
  });

  it('expire after their days, and a withdrawn one opens nothing', async () => {
    const late = await signUpCustomer(shop.app, 'late');
    const sent = await call(shop.app, 'POST /company/:id/invitation', {
      as: companyAdmin,
      params: { id: companyId },
      body: { email: late.email, role: 'viewer' },
    });
    const token = await invitationTokenFor(mailboxOf(shop), late.email);
    const duplicate = await call(shop.app, 'POST /company/:id/invitation', {
      as: companyAdmin,
      params: { id: companyId },
      body: { email: late.email, role: 'viewer' },
    });
    expect(duplicate.status).toBe(409);
    await shop.database.db.execute(
      `update company_invitations set expires_at = now() - interval '1 second' where id = '${sent.body.id}'`,
    );
    expect(
      (await call(shop.app, 'POST /invitation/:token/accept', { as: late, params: { token } })).status,
    ).toBe(404);

    const other = await signUpCustomer(shop.app, 'withdrawn');
    const second = await call(shop.app, 'POST /company/:id/invitation', {
      as: companyAdmin,
      params: { id: companyId },
      body: { email: other.email, role: 'buyer' },
    });
    const secondToken = await invitationTokenFor(mailboxOf(shop), other.email);
    const withdrawn = await call(shop.app, 'DELETE /company/:id/invitation/:invitationId', {
      as: companyAdmin,
      params: { id: companyId, invitationId: second.body.id },
    });
    expect(withdrawn.body).toEqual({ deletedCount: 1 });
    const accept = await call(shop.app, 'POST /invitation/:token/accept', {
      as: other,
      params: { token: secondToken },
    });
    expect(accept.status).toBe(404);
  });
});

describe('roles, limits and approvals', () => {
  it('a viewer sees the company’s orders and cannot order', async () => {
    const buyer = await joinCompany(shop, companyAdmin, companyId, 'buyer');
    const viewer = await joinCompany(shop, companyAdmin, companyId, 'viewer');
    const placed = await orderOf(buyer, 10);
    expect(placed.status).toBe(201);
    const refused = await orderOf(viewer, 10);
    expect(refused.status).toBe(403);
    expect(refused.error.message).toContain('viewers cannot order');

    const seen = await call(shop.app, 'GET /my-order', { as: viewer });
    expect(seen.body.map((order) => order._id)).toContain(placed.body.insertedId);
    const byBuyer = await call(shop.app, 'GET /my-order', { as: viewer, query: { placedBy: buyer.id } });
    expect(byBuyer.body.every((order) => order.placedBy.id === buyer.id)).toBe(true);
    expect(
      (await call(shop.app, 'GET /order/:id', { as: viewer, params: { id: placed.body.insertedId } })).status,
    ).toBe(200);
    // A customer of no company reads none of it.
    const outsider = shop.customers.visitorish;
    expect(
      (await call(shop.app, 'GET /order/:id', { as: outsider, params: { id: placed.body.insertedId } }))
        .status,
    ).toBe(404);
  });

  it('a buyer over their limit waits for approval: payment refused until a company admin approves, once', async () => {
    const buyer = await joinCompany(shop, companyAdmin, companyId, 'buyer', 150);
    const within = await orderOf(buyer, 10); // $100 + $25 shipping
    const detailWithin = await call(shop.app, 'GET /order/:id', {
      as: buyer,
      params: { id: within.body.insertedId },
    });
    expect(detailWithin.body.approvalState).toBeNull();

    const over = await orderOf(buyer, 20); // $200 + $25
    const id = over.body.insertedId;
    expect((await call(shop.app, 'GET /order/:id', { as: buyer, params: { id } })).body).toMatchObject({
      state: 'unpaid',
      approvalState: 'awaiting',
      companyId,
    });
    const pay = await call(shop.app, 'POST /create-payment-intent', { as: buyer, body: { orderId: id } });
    expect(pay.status).toBe(409);
    expect(pay.error.message).toBe("This order is waiting for your company's approval");
    const adminMail = await mailboxOf(shop).nextMail(companyAdmin.email, { subject: 'Approval needed' });
    expect(adminMail.text).toContain('$225');

    // The buyer cannot approve their own order; an outsider cannot see it.
    expect((await call(shop.app, 'POST /order/:id/approve', { as: buyer, params: { id } })).status).toBe(403);
    expect(
      (await call(shop.app, 'POST /order/:id/approve', { as: shop.customers.visitorish, params: { id } }))
        .status,
    ).toBe(404);

    const approved = await call(shop.app, 'POST /order/:id/approve', { as: companyAdmin, params: { id } });
    expect(approved.body).toMatchObject({ approvalState: 'approved', state: 'unpaid' });
    expect(
      (await call(shop.app, 'POST /order/:id/approve', { as: companyAdmin, params: { id } })).status,
    ).toBe(409);
    const timeline = await call(shop.app, 'GET /order/:id/timeline', { as: buyer, params: { id } });
    expect(timeline.body.events.map((event) => event.kind)).toEqual([
      'placed',
      'approval-requested',
      'approved',
    ]);
    await mailboxOf(shop).nextMail(buyer.email, { subject: 'Approved' });
  });

  it("the timeline starts with 'placed' even when its events share one instant", async () => {
    const buyer = await joinCompany(shop, companyAdmin, companyId, 'buyer', 1);
    const id = (await orderOf(buyer, 10)).body.insertedId;
    // place_order writes 'placed' and 'approval-requested' in one call: within one microsecond
    // at times, their random ids then the only order left. The worst case, made on purpose.
    await shop.database.db.execute(sql`
      update order_events set created_at = now(),
        id = case kind when 'placed' then 'ffffffff-ffff-4fff-bfff-ffffffffffff'::uuid
                       else '00000000-0000-4000-8000-000000000000'::uuid end
      where order_id = ${id}`);
    const timeline = await call(shop.app, 'GET /order/:id/timeline', { as: buyer, params: { id } });
    expect(timeline.body.events.map((event) => event.kind)).toEqual(['placed', 'approval-requested']);
  });

  it('a declined order is cancelled with its reason and its stock returned', async () => {
    const buyer = await joinCompany(shop, companyAdmin, companyId, 'buyer', 50);
    const before = (await call(shop.app, 'GET /tool/:id', { params: { id: brush } })).body.availableQuantity;
    const id = (await orderOf(buyer, 10)).body.insertedId;
    const declined = await call(shop.app, 'POST /order/:id/decline-approval', {
      as: companyAdmin,
      params: { id },
      body: { reason: 'Use the van stock first' },
    });
    expect(declined.body).toMatchObject({
      state: 'cancelled',
      approvalState: 'declined',
      approvalReason: 'Use the van stock first',
    });
    expect((await call(shop.app, 'GET /tool/:id', { params: { id: brush } })).body.availableQuantity).toBe(
      before,
    );
    const mail = await mailboxOf(shop).nextMail(buyer.email, { subject: 'Declined' });
    expect(mail.text).toContain('Use the van stock first');
  });

  it('keeps one admin: the last cannot be demoted nor removed', async () => {
    const [me] = (
      await call(shop.app, 'GET /company/:id/member', { as: companyAdmin, params: { id: companyId } })
    ).body.filter((member) => member.userId === companyAdmin.id);
    expect(me!.role).toBe('admin');
    const demote = await call(shop.app, 'PATCH /company/:id/member/:userId', {
      as: companyAdmin,
      params: { id: companyId, userId: companyAdmin.id },
      body: { role: 'buyer' },
    });
    expect(demote.status).toBe(409);
    const leave = await call(shop.app, 'DELETE /company/:id/member/:userId', {
      as: companyAdmin,
      params: { id: companyId, userId: companyAdmin.id },
    });
    expect(leave.status).toBe(409);
  });
});

describe('contract prices', () => {
  it('are what members see and pay, kept by the order; a visitor and another customer see list prices', async () => {
    const buyer = await joinCompany(shop, companyAdmin, companyId, 'buyer');
    const set = await call(shop.app, 'PUT /company/:id/price/:toolId', {
      as: shop.admin,
      params: { id: companyId, toolId: brush },
      body: { unitPrice: 8, priceBreaks: [{ fromQuantity: 50, unitPrice: 7.5 }] },
    });
    expect(set.body).toMatchObject({
      unitPrice: 8,
      listPrice: 10,
      priceBreaks: [{ fromQuantity: 50, unitPrice: 7.5 }],
    });

    const visitor = await call(shop.app, 'GET /tool/:id', { params: { id: brush } });
    expect(visitor.body.perPartsPrice).toBe(10);
    expect(visitor.body).not.toHaveProperty('listPrice');
    const member = await call(shop.app, 'GET /tool/:id', {
      as: buyer,
      params: { id: brush },
      headers: { 'if-none-match': String(visitor.headers.etag) },
    });
    // A member's answer is theirs alone: no ETag to confirm a list-price copy with, never stored.
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ perPartsPrice: 8, listPrice: 10 });
    expect(member.headers.etag).toBeUndefined();
    expect(member.headers['cache-control']).toBe('private, no-store');
    const list = await call(shop.app, 'GET /tool', { as: buyer });
    expect(list.body.find((tool) => tool._id === brush)).toMatchObject({ perPartsPrice: 8 });
    // After the member's read, the shared body still says the list price.
    const again = await call(shop.app, 'GET /tool', {});
    expect(again.body.find((tool) => tool._id === brush)?.perPartsPrice).toBe(10);
    expect(again.headers.vary).toContain('authorization');
    const outsider = await call(shop.app, 'GET /tool/:id', {
      as: shop.customers.visitorish,
      params: { id: brush },
    });
    expect(outsider.body.perPartsPrice).toBe(10);

    // The cart prices with the contract; checkout and POST /order charge it, the order keeps it.
    await call(shop.app, 'PUT /cart/lines', {
      as: buyer,
      body: { lines: [{ toolId: brush, quantity: 50 }] },
    });
    const cart = await call(shop.app, 'GET /cart', { as: buyer });
    expect(cart.body.lines[0]).toMatchObject({ unitPrice: 7.5 });
    const id = (await orderOf(buyer, 20)).body.insertedId;
    await call(shop.app, 'PUT /company/:id/price/:toolId', {
      as: shop.admin,
      params: { id: companyId, toolId: brush },
      body: { unitPrice: 9 },
    });
    const order = await call(shop.app, 'GET /order/:id', { as: buyer, params: { id } });
    expect(order.body).toMatchObject({ unitPrice: 8, itemsTotal: 160 });
    const customerOrder = (await orderOf(shop.customers.visitorish, 20)).body.insertedId;
    const listOrder = await call(shop.app, 'GET /order/:id', {
      as: shop.customers.visitorish,
      params: { id: customerOrder },
    });
    expect(listOrder.body).toMatchObject({ unitPrice: 10, itemsTotal: 200 });

    // Ended: the member pays the list price again.
    await call(shop.app, 'DELETE /company/:id/price/:toolId', {
      as: shop.admin,
      params: { id: companyId, toolId: brush },
    });
    expect(
      (await call(shop.app, 'GET /tool/:id', { as: buyer, params: { id: brush } })).body.perPartsPrice,
    ).toBe(10);
  });

  it('refuse a ladder the tool’s rules do not allow, and a member of another company reads none of them', async () => {
    const refused = await call(shop.app, 'PUT /company/:id/price/:toolId', {
      as: shop.admin,
      params: { id: companyId, toolId: brush },
      body: { unitPrice: 8, priceBreaks: [{ fromQuantity: 5, unitPrice: 7 }] },
    });
    expect(refused.status).toBe(400);
    const rival = await signUpCustomer(shop.app, 'rival');
    const rivalCompany = await openCompany(shop.app, shop.admin, rival, 'Rival Painters');
    for (const read of [
      call(shop.app, 'GET /company/:id/price', { as: rival, params: { id: companyId } }),
      call(shop.app, 'GET /company/:id', { as: rival, params: { id: companyId } }),
      call(shop.app, 'GET /company/:id/member', { as: rival, params: { id: companyId } }),
    ]) {
      expect((await read).status).toBe(404);
    }
    expect(
      (await call(shop.app, 'GET /company/:id', { as: rival, params: { id: rivalCompany } })).status,
    ).toBe(200);
  });
});
