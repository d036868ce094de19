import { z } from 'zod';
import { errorCodes } from '../errors';

/** The body of every 4xx and 5xx answer, for the route schemas and the OpenAPI docs. */
export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
