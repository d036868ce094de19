import { z } from 'zod';

/** The answers the spec's calls read: the new row's id, or how many rows a change touched. */
export const insertedIdResponse = z.object({ insertedId: z.string() });
export const deletedCountResponse = z.object({ deletedCount: z.number().int() });
export const modifiedCountResponse = z.object({ modifiedCount: z.number().int() });
