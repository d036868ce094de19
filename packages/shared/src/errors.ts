import { z } from 'zod';

/**
 * Every error the API answers with is `{ code, message }`. The codes are stable: the web app
 * branches on them (the spec's login and signup error catalogue reads three of them).
 */
export const errorCodes = [
  'invalid-input',
  'unauthorized',
  'forbidden',
  'not-found',
  'conflict',
  'insufficient-stock',
  'below-minimum-quantity',
  'user-not-found',
  'wrong-password',
  'email-already-exists',
  'payment-failed',
  'payment-not-verified',
  'rate-limited',
  'payload-too-large',
  'unsupported-image',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
