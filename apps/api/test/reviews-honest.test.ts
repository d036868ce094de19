import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCopy } from '@shop/shared/review-copy';
import type { RouteInput } from '@shop/shared/api/routes';
import { call } from './helpers/call';
import { addTool, onPostgres, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';
import { payOrder, placeOrder } from './helpers/payments';

/** Verified buyers, own edits, moderation and one review per tool (docs/behaviour.md §8.8). */
let shop: Shop<'buyer' | 'browser' | 'other'>;
let otherToolId: string;

beforeAll(async () => {
  shop = await openShop({ customers: ['buyer', 'browser', 'other'], tool: { availableQuantity: 10_000 } });
  otherToolId = await addTool(shop.app, shop.admin, { name: 'Another Roller', availableQuantity: 10_000 });
});
afterAll(() => shop.close());

type ReviewBody = RouteInput<'POST /review'>['body'];

const post = (caller: SignedIn, body: ReviewBody) => call(shop.app, 'POST /review', { as: caller, body });

/** Posts a review (five stars unless told) and answers its id. */
async function postReview(caller: SignedIn, payload: Omit<ReviewBody, 'rating'>): Promise<string> {
  const response = await post(caller, { rating: 5, ...payload });
  expect(response.status, response.text).toBe(201);
  return response.body.insertedId;
}

const publicList = async () => (await call(shop.app, 'GET /review')).body;
const publicReview = async (id: string) => (await publicList()).find((review) => review._id === id);

const moderate = (
  id: string,
  body: RouteInput<'PATCH /moderation/reviews/:id'>['body'],
  caller: SignedIn = shop.admin,
) => call(shop.app, 'PATCH /moderation/reviews/:id', { as: caller, params: { id }, body });

describe('the Verified buyer badge', () => {
  it('shows on a review of a tool only once its author has a paid order of that tool', async () => {
    const { buyer } = shop.customers;
    const reviewId = await postReview(buyer, { review: 'Even coat, no streaks.', toolId: shop.toolId });
    const generalId = await postReview(buyer, { review: 'Friendly shop.' });
    expect(await publicReview(reviewId)).toMatchObject({ verifiedBuyer: false, toolId: shop.toolId });

    // An unpaid order is not a purchase.
    const orderId = await placeOrder(shop.app, buyer, shop.toolId);
    expect((await publicReview(reviewId))?.verifiedBuyer).toBe(false);
    expect((await publicReview(generalId))?.verifiedBuyer).toBe(false);

    await payOrder(shop.app, buyer, orderId);
    expect(await publicReview(reviewId)).toMatchObject({
      verifiedBuyer: true,
      toolName: 'Angled Sash Brush',
    });
    // A general review is verified by any paid order.
    expect((await publicReview(generalId))?.verifiedBuyer).toBe(true);
    // A paid order of one tool does not verify a review of another.
    const otherToolReview = await postReview(buyer, { review: 'Never bought it.', toolId: otherToolId });
    expect((await publicReview(otherToolReview))?.verifiedBuyer).toBe(false);
  });

  it('never shows for a customer without a paid order, nor for a name sent in the body', async () => {
    const { browser } = shop.customers;
    const id = await postReview(browser, { review: 'Looks nice online.', name: 'Buyer Person' });
    expect(await publicReview(id)).toMatchObject({ verifiedBuyer: false, toolId: null, toolName: null });
  });
});

describe('one review per customer per tool', () => {
  it('refuses a second review of the same tool with 409 and a message naming it', async () => {
    const { other } = shop.customers;
    await postReview(other, { review: 'First take.', toolId: otherToolId });
    const second = await post(other, { rating: 2, review: 'Second take.', toolId: otherToolId });
    expect(second.status).toBe(409);
    expect(second.error).toEqual({
      code: 'conflict',
      message: reviewCopy.alreadyReviewed('Another Roller'),
    });
    expect((await publicList()).some((review) => review.review === 'Second take.')).toBe(false);
  });

  it('leaves general reviews unlimited, and another customer free to review the same tool', async () => {
    const { other, browser } = shop.customers;
    await postReview(other, { review: 'General one.' });
    await postReview(other, { review: 'General two.' });
    await postReview(browser, { review: 'My take on it.', toolId: otherToolId });
  });

  it('a hidden review still counts: hiding is not a way to post again', async () => {
    const { browser } = shop.customers;
    const id = await postReview(browser, { review: 'Hidden then retried.', toolId: shop.toolId });
    expect((await moderate(id, { hidden: true, reason: 'Spam link' })).status).toBe(200);
    expect((await post(browser, { rating: 4, review: 'Again.', toolId: shop.toolId })).status).toBe(409);
  });

  it('answers 404 for a tool that is not in the shop', async () => {
    for (const toolId of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await post(shop.customers.other, { rating: 4, review: 'Ghost tool.', toolId });
      expect(response.status).toBe(404);
      expect(response.error).toMatchObject({ message: reviewCopy.toolNotFound });
    }
  });

  // A race: on PostgreSQL only, where requests run at once on a pool of connections (onPostgres).
  it.skipIf(!onPostgres)(
    'of two posts at once for the same tool, exactly one is stored (the database decides)',
    async () => {
      const racer = await signUpCustomer(shop.app, 'racer');
      const payload = (n: number) => ({ rating: 5, review: `Race ${n}`, toolId: shop.toolId });
      const answers = await Promise.all([post(racer, payload(1)), post(racer, payload(2))]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const mine = await call(shop.app, 'GET /my-reviews', { as: racer });
      expect(mine.body.filter((review) => review.toolId === shop.toolId)).toHaveLength(1);
    },
  );
});

describe('hiding and restoring', () => {
  it('a hidden review leaves the public list at once and comes back when restored', async () => {
    const id = await postReview(shop.customers.other, { review: 'Rude words here.' });
    expect(await publicReview(id)).toBeDefined(); // the list is in memory now

    const hidden = await moderate(id, { hidden: true, reason: 'Abusive language' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: true, hiddenReason: 'Abusive language' });
    expect(await publicReview(id)).toBeUndefined();
    const page = await call(shop.app, 'GET /review', { query: { limit: '100' } });
    expect(page.body.some((review) => review._id === id)).toBe(false);

    const restored = await moderate(id, { hidden: false });
    expect(restored.body).toMatchObject({ hidden: false, hiddenReason: null });
    expect(await publicReview(id)).toBeDefined();
  });

  it('the moderation list has hidden reviews too, with the reason, filtered by state', async () => {
    const id = await postReview(shop.customers.other, { review: 'To be moderated.' });
    await moderate(id, { hidden: true, reason: 'Off topic' });
    const list = async (state: 'hidden' | 'visible' | 'all') =>
      (await call(shop.app, 'GET /moderation/reviews', { as: shop.admin, query: { state, limit: '100' } }))
        .body;
    expect((await list('hidden')).reviews.find((review) => review._id === id)).toMatchObject({
      hidden: true,
      hiddenReason: 'Off topic',
    });
    expect((await list('visible')).reviews.some((review) => review._id === id)).toBe(false);
    expect((await list('all')).reviews.some((review) => review._id === id)).toBe(true);
  });

  it('pages the moderation list newest first by cursor', async () => {
    const first = await call(shop.app, 'GET /moderation/reviews', { as: shop.admin, query: { limit: '2' } });
    const one = first.body;
    expect(one.reviews).toHaveLength(2);
    const next = await call(shop.app, 'GET /moderation/reviews', {
      as: shop.admin,
      query: { limit: '2', cursor: one.nextCursor! },
    });
    const two = next.body;
    expect(two.reviews.map((review) => review._id)).not.toContain(one.reviews[0]!._id);
  });

  it('needs a reason to hide, answers 404 for an unknown review, and is for admins only', async () => {
    const id = await postReview(shop.customers.other, { review: 'Fine review.' });
    for (const payload of [{ hidden: true }, { hidden: true, reason: '   ' }]) {
      const response = await call(shop.app, 'PATCH /moderation/reviews/:id', {
        as: shop.admin,
        params: { id },
        unsafeBody: payload,
      });
      expect(response.status).toBe(400);
      expect(response.error).toMatchObject({ message: reviewCopy.reasonRequired });
    }
    expect((await moderate('00000000-0000-4000-8000-000000000000', { hidden: false })).status).toBe(404);
    const byCustomer = await moderate(id, { hidden: true, reason: 'I dislike it' }, shop.customers.browser);
    expect(byCustomer.status).toBe(403);
    const list = await call(shop.app, 'GET /moderation/reviews', { as: shop.customers.browser });
    expect(list.status).toBe(403);
    expect(await publicReview(id)).toBeDefined();
  });
});

describe("a customer's own reviews", () => {
  const mine = async (caller: SignedIn) => (await call(shop.app, 'GET /my-reviews', { as: caller })).body;
  const edit = (caller: SignedIn, id: string, body: RouteInput<'PATCH /review/:id'>['body']) =>
    call(shop.app, 'PATCH /review/:id', { as: caller, params: { id }, body });
  const remove = (caller: SignedIn, id: string) =>
    call(shop.app, 'DELETE /review/:id', { as: caller, params: { id } });

  it('the author edits the stars and text; the public list shows the edit at once', async () => {
    const { other } = shop.customers;
    const id = await postReview(other, { review: 'Before the edit.' });
    expect(await publicReview(id)).toBeDefined();
    const response = await edit(other, id, { rating: 2, review: 'After the edit.' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      rating: 2,
      review: 'After the edit.',
      updatedAt: expect.any(String),
    });
    expect((await publicReview(id))?.review).toBe('After the edit.');
  });

  it('another customer can neither edit nor delete it (404), and it stays as it was', async () => {
    const { other, browser } = shop.customers;
    const id = await postReview(other, { review: 'Mine alone.' });
    expect((await edit(browser, id, { rating: 1, review: 'Vandalised.' })).status).toBe(404);
    expect((await remove(browser, id)).status).toBe(404);
    expect((await edit(shop.admin, id, { rating: 1, review: 'Admin rewrite.' })).status).toBe(404);
    expect((await publicReview(id))?.review).toBe('Mine alone.');
  });

  it('refuses a bad edit with the form messages and keeps the review', async () => {
    const { other } = shop.customers;
    const id = await postReview(other, { review: 'Keep me.' });
    const response = await edit(other, id, { rating: 0, review: '' });
    expect(response.status).toBe(400);
    expect((await publicReview(id))?.review).toBe('Keep me.');
  });

  it('the author deletes it: gone from the public list and from My reviews', async () => {
    const { other } = shop.customers;
    const id = await postReview(other, { review: 'Delete me.' });
    expect(await publicReview(id)).toBeDefined();
    const response = await remove(other, id);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect(await publicReview(id)).toBeUndefined();
    expect((await mine(other)).some((review) => review._id === id)).toBe(false);
    expect((await remove(other, id)).status).toBe(404);
  });

  it('My reviews lists hidden ones with the reason; an edit keeps a hidden review hidden', async () => {
    const { other } = shop.customers;
    const id = await postReview(other, { review: 'Shouting in caps.' });
    await moderate(id, { hidden: true, reason: 'Please keep it civil' });
    expect((await mine(other)).find((review) => review._id === id)).toMatchObject({
      hidden: true,
      hiddenReason: 'Please keep it civil',
    });
    await edit(other, id, { rating: 3, review: 'Calmer now.' });
    expect(await publicReview(id)).toBeUndefined();
    expect((await mine(other)).find((review) => review._id === id)).toMatchObject({ hidden: true });
  });
});

describe('a hidden review stays hidden through delete and post again (issue 25)', () => {
  const remove = (caller: SignedIn, id: string) =>
    call(shop.app, 'DELETE /review/:id', { as: caller, params: { id } });
  const mine = async (caller: SignedIn) => (await call(shop.app, 'GET /my-reviews', { as: caller })).body;
  const hiddenList = async () =>
    (
      await call(shop.app, 'GET /moderation/reviews', {
        as: shop.admin,
        query: { state: 'hidden', limit: '100' },
      })
    ).body.reviews;

  it("the author's next review of the tool starts hidden, with the shop's reason, until an admin restores it", async () => {
    const author = await signUpCustomer(shop.app, 'reposter');
    const first = await postReview(author, { review: 'Buy cheap at spam.example', toolId: otherToolId });
    expect((await moderate(first, { hidden: true, reason: 'Spam link' })).status).toBe(200);
    expect((await remove(author, first)).status).toBe(200);

    const again = await postReview(author, { review: 'Buy cheap at spam.example', toolId: otherToolId });
    expect(await publicReview(again)).toBeUndefined();
    expect((await mine(author)).find((review) => review._id === again)).toMatchObject({
      hidden: true,
      hiddenReason: 'Spam link',
    });
    expect((await hiddenList()).some((review) => review._id === again)).toBe(true);

    // Deleted again while hidden, and posted a third time: still hidden.
    expect((await remove(author, again)).status).toBe(200);
    const third = await postReview(author, { review: 'Honest words now.', toolId: otherToolId });
    expect(await publicReview(third)).toBeUndefined();

    // Restored by an admin, it is public; deleted while visible, the next one is public too.
    expect((await moderate(third, { hidden: false })).status).toBe(200);
    expect(await publicReview(third)).toBeDefined();
    expect((await remove(author, third)).status).toBe(200);
    expect(
      await publicReview(await postReview(author, { review: 'Fine.', toolId: otherToolId })),
    ).toBeDefined();
  });

  it('the same for a general review of the shop; a review of a tool is another target', async () => {
    const author = await signUpCustomer(shop.app, 'general-reposter');
    const first = await postReview(author, { review: 'Rude words about the shop.' });
    await moderate(first, { hidden: true, reason: 'Abusive language' });
    expect((await remove(author, first)).status).toBe(200);

    const again = await postReview(author, { review: 'Rude words about the shop.' });
    expect(await publicReview(again)).toBeUndefined();
    expect((await mine(author)).find((review) => review._id === again)).toMatchObject({
      hidden: true,
      hiddenReason: 'Abusive language',
    });
    expect(
      await publicReview(await postReview(author, { review: 'Good brush.', toolId: shop.toolId })),
    ).toBeDefined();
  });

  it("another customer's reviews, and a visible review deleted and posted again, are public", async () => {
    const author = await signUpCustomer(shop.app, 'visible-reposter');
    const first = await postReview(author, { review: 'Nice rollers.', toolId: otherToolId });
    expect((await remove(author, first)).status).toBe(200);
    expect(
      await publicReview(await postReview(author, { review: 'Nice rollers!', toolId: otherToolId })),
    ).toBeDefined();
    const bystander = await signUpCustomer(shop.app, 'bystander');
    expect(await publicReview(await postReview(bystander, { review: 'Good shop.' }))).toBeDefined();
  });
});

describe('an archived tool takes reviews from its buyers only (issue 25)', () => {
  let archivedId: string;
  let buyer: SignedIn;
  let unpaid: SignedIn;

  beforeAll(async () => {
    archivedId = await addTool(shop.app, shop.admin, { name: 'Retired Roller', availableQuantity: 10_000 });
    buyer = await signUpCustomer(shop.app, 'retired-buyer');
    await payOrder(shop.app, buyer, await placeOrder(shop.app, buyer, archivedId));
    unpaid = await signUpCustomer(shop.app, 'retired-unpaid');
    await placeOrder(shop.app, unpaid, archivedId);
    const deleted = await call(shop.app, 'DELETE /delete-tool/:id', {
      as: shop.admin,
      params: { id: archivedId },
    });
    expect(deleted.status).toBe(200);
    // Orders name it, so it was archived, not destroyed (§3.12).
    const tool = await call(shop.app, 'GET /tool/:id', { params: { id: archivedId } });
    expect(tool.status).toBe(404);
  });

  it('a customer who never bought it (or has only an unpaid order) gets 404, and its name stays out of the lists', async () => {
    const stranger = await signUpCustomer(shop.app, 'retired-stranger');
    for (const caller of [stranger, unpaid]) {
      const response = await post(caller, { rating: 1, review: 'Never had it.', toolId: archivedId });
      expect(response.status).toBe(404);
      expect(response.error).toMatchObject({ message: reviewCopy.toolNotFound });
    }
    expect((await publicList()).some((review) => review.toolName === 'Retired Roller')).toBe(false);
  });

  it('its buyer may review it, as a verified buyer', async () => {
    const id = await postReview(buyer, { review: 'Served me for years.', toolId: archivedId });
    expect(await publicReview(id)).toMatchObject({ toolName: 'Retired Roller', verifiedBuyer: true });
  });
});
