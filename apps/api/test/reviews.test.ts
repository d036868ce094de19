import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_TITLE } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { REVIEW_MAX_LENGTH } from '@shop/shared/contracts/reviews';
import type { RouteInput } from '@shop/shared/api/routes';
import { call } from './helpers/call';
import { createTestApp, signUpCustomer, type SignedIn, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let customer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUpCustomer(ctx.app, 'rita');
});
afterAll(() => ctx.close());

const postReview = (body: RouteInput<'POST /review'>['body'], caller: SignedIn | null = customer) =>
  call(ctx.app, 'POST /review', { as: caller, body });
/** A review no client sends (bad input), as it is. */
const postReviewUnsafely = (unsafeBody: unknown) =>
  call(ctx.app, 'POST /review', { as: customer, unsafeBody });
const listReviews = async () => (await call(ctx.app, 'GET /review')).body;

describe('reviews', () => {
  it("a signed-in customer posts a rating and review under the account's own name", async () => {
    const response = await postReview({
      rating: 5,
      review: 'The angled brush cuts in like a dream.',
      name: 'Somebody Famous',
      address: REVIEW_TITLE,
    });
    expect(response.status).toBe(201);
    const { insertedId } = response.body;

    const reviews = await listReviews();
    const posted = reviews.find((review) => review._id === insertedId);
    expect(posted).toMatchObject({
      name: customer.name,
      rating: 5,
      review: 'The angled brush cuts in like a dream.',
      address: REVIEW_TITLE,
    });
    expect(reviews.some((review) => review.name === 'Somebody Famous')).toBe(false);
  });

  it('the title defaults to the fixed review title; a given title is kept', async () => {
    const defaulted = await postReview({ rating: 4, review: 'Sturdy rollers.' });
    const titled = await postReview({ rating: 3, review: 'Fine trays.', address: 'Studio owner' });
    const blank = await postReview({ rating: 3, review: 'Blank title.', address: '  ' });
    const reviews = await listReviews();
    const byId = (id: string) => reviews.find((review) => review._id === id);
    expect(byId(defaulted.body.insertedId)?.address).toBe(REVIEW_TITLE);
    expect(byId(titled.body.insertedId)?.address).toBe('Studio owner');
    expect(byId(blank.body.insertedId)?.address).toBe(REVIEW_TITLE);
  });

  it('anyone reads the list, oldest first, without the authors’ account ids', async () => {
    const first = (await postReview({ rating: 2, review: 'Older review.' })).body;
    const second = (await postReview({ rating: 4, review: 'Newer review.' })).body;
    const response = await call(ctx.app, 'GET /review');
    expect(response.status).toBe(200);
    const ids = response.body.map((review) => review._id);
    expect(ids.indexOf(first.insertedId)).toBeLessThan(ids.indexOf(second.insertedId));
    expect(ids.at(-1)).toBe(second.insertedId);
    expect(response.text).not.toContain(customer.id);
    expect(response.body[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      rating: expect.any(Number),
      review: expect.any(String),
      address: expect.any(String),
      createdAt: expect.any(String),
      verifiedBuyer: false,
      toolId: null,
      toolName: null,
    });
  });

  it('a visitor must sign in to post a review', async () => {
    const response = await postReview({ rating: 5, review: 'Anonymous praise.' }, null);
    expect(response.status).toBe(401);
    expect((await listReviews()).some((review) => review.review === 'Anonymous praise.')).toBe(false);
  });

  it.each([
    ['a missing rating', { rating: undefined }, copy.reviewMissingRating],
    ['a rating of 0', { rating: 0 }, copy.reviewMissingRating],
    ['a rating above 5', { rating: 6 }, 'Rating must be at most 5'],
    ['a fractional rating', { rating: 4.5 }, 'Rating must be a whole number'],
    ['a rating sent as text', { rating: '5' }, copy.reviewMissingRating],
    ['a missing review', { review: undefined }, copy.reviewMissingText],
    ['a blank review', { review: '   ' }, copy.reviewMissingText],
    [
      'an over-long review',
      { review: 'x'.repeat(REVIEW_MAX_LENGTH + 1) },
      `Review must be ${REVIEW_MAX_LENGTH} characters or fewer`,
    ],
  ])('refuses %s', async (_case, override, message) => {
    const response = await postReviewUnsafely({ rating: 4, review: 'Good.', ...override });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: 'invalid-input', message });
  });

  it('refuses fields the original client never sent (an author id, a date; §9.3)', async () => {
    for (const extra of [{ userId: customer.id }, { createdAt: '2020-01-01T00:00:00Z' }, { _id: 'x' }]) {
      const response = await postReviewUnsafely({ rating: 4, review: 'Good.', ...extra });
      expect(response.status, JSON.stringify(extra)).toBe(400);
    }
  });
});
