import { z } from 'zod';

/** The API's plain answers: the new row's id, or how many rows a change touched (docs/behaviour.md §9). */
export const insertedIdResponse = z.object({ insertedId: z.string() });
export const deletedCountResponse = z.object({ deletedCount: z.number().int() });
export const modifiedCountResponse = z.object({ modifiedCount: z.number().int() });

/** The description of a read served from memory with a strong ETag (docs/decisions/0018). */
export const ETAG_NOTE = 'Answers 304, without a body, when If-None-Match names the current ETag.';
