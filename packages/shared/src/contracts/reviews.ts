import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { copy } from '../copy';
import { RATING_MAX, RATING_MIN } from '../constants';
import { noControlCharacters, text } from '../fields';
import { ETAG_NOTE, insertedIdResponse } from './common';
import { PAGING_NOTE, pageQuery } from './list-query';

export const REVIEW_MAX_LENGTH = 1000;

/** `name` is accepted for compatibility and ignored: the server uses the account's name. */
export const createReviewBody = z.strictObject({
  rating: z
    .number({ error: copy.reviewMissingRating })
    .int('Rating must be a whole number')
    .min(RATING_MIN, copy.reviewMissingRating)
    .max(RATING_MAX, `Rating must be at most ${RATING_MAX}`),
  review: noControlCharacters(
    z
      .string({ error: copy.reviewMissingText })
      .trim()
      .min(1, copy.reviewMissingText)
      .max(REVIEW_MAX_LENGTH, `Review must be ${REVIEW_MAX_LENGTH} characters or fewer`),
    { multiline: true },
  ),
  name: text({ max: 200 }).optional(),
  address: noControlCharacters(z.string().trim().max(100, 'Title must be 100 characters or fewer'), {
    multiline: true,
  }).optional(),
});
export type CreateReviewBody = z.infer<typeof createReviewBody>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  review: z.string(),
  address: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.array(reviewSchema);

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
    rateLimit: 'writes',
    tags: ['reviews'],
    summary: "Post a rating (1 to 5) and review under the account's own name",
    body: createReviewBody,
    response: { status: 201, schema: insertedIdResponse },
  },
});
