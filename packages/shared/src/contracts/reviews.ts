import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { copy } from '../copy';
import { RATING_MAX, RATING_MIN } from '../constants';
import { idParams, noControlCharacters, text } from '../fields';
import { HIDE_REASON_MAX_LENGTH, reviewCopy } from '../review-copy';
import { deletedCountResponse, ETAG_NOTE, insertedIdResponse } from './common';
import { cursorField, limitField, PAGING_NOTE, pageQuery } from './list-query';

export const REVIEW_MAX_LENGTH = 1000;

const ratingField = z
  .number({ error: copy.reviewMissingRating })
  .int('Rating must be a whole number')
  .min(RATING_MIN, copy.reviewMissingRating)
  .max(RATING_MAX, `Rating must be at most ${RATING_MAX}`);
const reviewTextField = noControlCharacters(
  z
    .string({ error: copy.reviewMissingText })
    .trim()
    .min(1, copy.reviewMissingText)
    .max(REVIEW_MAX_LENGTH, `Review must be ${REVIEW_MAX_LENGTH} characters or fewer`),
  { multiline: true },
);
const titleField = noControlCharacters(z.string().trim().max(100, 'Title must be 100 characters or fewer'), {
  multiline: true,
});

/**
 * `name` is accepted for compatibility and ignored: the server uses the account's name.
 * `toolId` names the tool reviewed; without it the review is about the shop in general (§7.3).
 */
export const createReviewBody = z.strictObject({
  rating: ratingField,
  review: reviewTextField,
  name: text({ max: 200 }).optional(),
  address: titleField.optional(),
  toolId: text({ max: 100 }).optional(),
});
export type CreateReviewBody = z.infer<typeof createReviewBody>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  review: z.string(),
  address: z.string(),
  createdAt: z.string(),
  /** The author has a paid order: of the tool reviewed, or of anything for a general review (§7.4). */
  verifiedBuyer: z.boolean(),
  toolId: z.string().nullable(),
  toolName: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.array(reviewSchema);

/** A review as its author and the admins see it: hidden ones too, with the reason (§7.5). */
export const managedReviewSchema = reviewSchema.extend({
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ManagedReview = z.infer<typeof managedReviewSchema>;

/** The author's edit: the stars and the text (and the title line); the tool stays (§7.6). */
export const editReviewBody = z.strictObject({
  rating: ratingField,
  review: reviewTextField,
  address: titleField.optional(),
});
export type EditReviewBody = z.infer<typeof editReviewBody>;

export const moderationStates = ['all', 'visible', 'hidden'] as const;
export type ModerationState = (typeof moderationStates)[number];

export const moderationQuery = z.strictObject({
  state: z
    .enum(moderationStates, { error: `State must be one of ${moderationStates.join(', ')}` })
    .default('all'),
  limit: limitField.optional(),
  cursor: cursorField.optional(),
});

export const moderationPageSchema = z.object({
  reviews: z.array(managedReviewSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** Hide with a reason, or restore (§7.5). */
export const moderateReviewBody = z.discriminatedUnion(
  'hidden',
  [
    z.strictObject({
      hidden: z.literal(true),
      reason: noControlCharacters(
        z
          .string({ error: reviewCopy.reasonRequired })
          .trim()
          .min(1, reviewCopy.reasonRequired)
          .max(HIDE_REASON_MAX_LENGTH, `The reason must be ${HIDE_REASON_MAX_LENGTH} characters or fewer`),
        { multiline: true },
      ),
    }),
    z.strictObject({ hidden: z.literal(false) }),
  ],
  { error: 'hidden must be true (with a reason) or false' },
);
export type ModerateReviewBody = z.infer<typeof moderateReviewBody>;

export const reviewRoutes = defineRoutes({
  'GET /review': {
    access: 'public',
    tags: ['reviews'],
    summary: 'Every review, oldest first (the feedback carousel shows the newest first); or one page',
    description: `Without query parameters: every review, from memory. ${ETAG_NOTE} ${PAGING_NOTE}`,
    query: pageQuery,
    response: { status: 200, schema: reviewListSchema },
  },
  'POST /review': {
    access: 'signed-in',
    rateLimit: 'reviews',
    tags: ['reviews'],
    summary: "Post a rating (1 to 5) and review under the account's own name",
    description: 'One review per customer per tool (409); general reviews (no `toolId`) are not limited.',
    body: createReviewBody,
    response: { status: 201, schema: insertedIdResponse },
    errors: [404, 409],
  },
  'GET /my-reviews': {
    access: 'signed-in',
    tags: ['reviews'],
    summary: "The caller's own reviews, newest first, hidden ones included with the shop's reason",
    response: { status: 200, schema: z.array(managedReviewSchema) },
  },
  'PATCH /review/:id': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['reviews'],
    summary: "Edit one of your own reviews (another customer's is a 404)",
    params: idParams,
    body: editReviewBody,
    response: { status: 200, schema: managedReviewSchema },
    errors: [404],
  },
  'DELETE /review/:id': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['reviews'],
    summary: "Delete one of your own reviews (another customer's is a 404)",
    params: idParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [404],
  },
  'GET /moderation/reviews': {
    access: 'admin',
    tags: ['reviews'],
    summary: 'Every review, hidden ones included, newest first, paged by cursor',
    query: moderationQuery,
    response: { status: 200, schema: moderationPageSchema },
  },
  'PATCH /moderation/reviews/:id': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['reviews'],
    summary: 'Hide a review with a reason, or restore it; the public list changes at once',
    params: idParams,
    body: moderateReviewBody,
    response: { status: 200, schema: managedReviewSchema },
    errors: [404],
  },
});
