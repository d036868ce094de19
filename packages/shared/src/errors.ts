/**
 * Every error the API answers with is `{ code, message }`. The codes are stable: the web app
 * branches on them (docs/behaviour.md §9.5; the login and sign-up messages read three, §4.4).
 * No zod here: the browser's first chunk imports this file.
 */
export const errorCodes = [
  'invalid-input',
  'unauthorized',
  'forbidden',
  'two-factor-required',
  'not-found',
  'conflict',
  'insufficient-stock',
  'below-minimum-quantity',
  // Trade pricing (docs/behaviour.md §3.7).
  'not-a-pack-multiple',
  'above-maximum-quantity',
  'below-order-minimum',
  'user-not-found',
  'wrong-password',
  'email-already-exists',
  'payment-failed',
  'payment-not-verified',
  'payment-provider-unavailable',
  'tax-unavailable',
  // Invoices on terms (docs/behaviour.md §5.23).
  'credit-limit-exceeded',
  'invoice-overdue',
  'payment-refunded',
  // The database is out of reach for a moment (a restart, a failover): try again shortly.
  'unavailable',
  'rate-limited',
  'payload-too-large',
  'unsupported-image',
  'unauthorized-domain',
  'invalid-link',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** One problem with one field of a request: `field` is its dotted path ('card.number'). */
export interface FieldIssue {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  code: ErrorCode;
  /** The message to show; for bad input, the first issue's (the shop's copy where it has one, §9.3). */
  message: string;
  /** Every problem of a refused request, each with its field, so forms can show it in place. */
  issues?: FieldIssue[];
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof message === 'string' && (errorCodes as readonly unknown[]).includes(code);
}
