import { z } from 'zod';

/** The API's plain answers: the new row's id, or how many rows a change touched (docs/behaviour.md §7). */
export const insertedIdResponse = z.object({ insertedId: z.string() });
export const deletedCountResponse = z.object({ deletedCount: z.number().int() });
export const modifiedCountResponse = z.object({ modifiedCount: z.number().int() });
