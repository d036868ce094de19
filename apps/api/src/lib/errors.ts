import type { ErrorCode, FieldIssue } from '@shop/shared/errors';

/** The one table from error code to HTTP status. */
const statusByCode: Record<ErrorCode, number> = {
  'invalid-input': 400,
  unauthorized: 401,
  forbidden: 403,
  // ADMIN_REQUIRE_2FA: an admin without two-factor sign-in on an admin route (plugins/access.ts).
  'two-factor-required': 403,
  'not-found': 404,
  conflict: 409,
  'insufficient-stock': 409,
  'below-minimum-quantity': 400,
  'not-a-pack-multiple': 400,
  'above-maximum-quantity': 400,
  'below-order-minimum': 400,
  'user-not-found': 401,
  'wrong-password': 401,
  'email-already-exists': 409,
  'payment-failed': 402,
  'payment-not-verified': 409,
  // The card processor timed out or failed: try again later (stripe-provider.ts).
  'payment-provider-unavailable': 503,
  // The tax provider could not answer: the checkout is refused, never taxed at zero (§5.22).
  'tax-unavailable': 503,
  'credit-limit-exceeded': 409,
  'invoice-overdue': 409,
  // A card paid an invoice that no longer owed it (§5.23): refunded; trying again cannot help.
  'payment-refunded': 409,
  unavailable: 503,
  'rate-limited': 429,
  'payload-too-large': 413,
  'unsupported-image': 415,
  // Social sign-in asked from, or returning to, an address that is not the shop's (docs/behaviour.md §4.7).
  'unauthorized-domain': 403,
  // A reset or verification link that is unknown, used or expired (docs/behaviour.md §4.8).
  'invalid-link': 400,
  internal: 500,
};

/** A failure a caller can act on: services throw it, the error handler answers `{ code, message }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The fields to show the message beside, as validation failures name them. */
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what: string) => new AppError('not-found', `${what} not found`);
export const forbidden = (message = 'You may not do that') => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const invalidInput = (message: string) => new AppError('invalid-input', message);
