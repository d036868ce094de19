/** Business constants and limits (docs/behaviour.md §11), in one place for web and API. */
export const SHIP_PRICE_DOLLARS = 25;
export const DESCRIPTION_PREVIEW_LENGTH = 135;
export const RECENT_TOOLS_COUNT = 3;

/** The rating stepper runs 0..5; a posted review must have 1..5. */
export const RATING_STEPPER_MIN = 0;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A review text of this length or longer is cut to REVIEW_PREVIEW_LENGTH characters plus '...'. */
export const REVIEW_TRUNCATE_FROM = 110;
export const REVIEW_PREVIEW_LENGTH = 108;

/**
 * The most one order may total, in cents: $999,999.99 is the most a card processor charges at
 * once (Stripe's limit for USD), so a larger order would reserve stock and then never be paid.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_PREFIX = '+88-';

/** The title the review form sends as `address` (docs/behaviour.md §7.1). */
export const REVIEW_TITLE = 'Customer review';

export const TOAST_DURATION_MS = { error: 4000, blank: 4000, success: 2000 } as const;
export const TOAST_LIMIT = 20;

/** The feedback carousel's motion; its layout (cards per view, 10px apart) is CSS: index.css. */
export const CAROUSEL = {
  autoplayDelayMs: 3000,
  speedMs: 300,
} as const;

export const AUTH_POPUP = { width: 500, height: 600, closedCheckDelayMs: 2000 } as const;

/** Where the web app keeps the bearer token (docs/behaviour.md §4.5). */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/** Upload bounds: bytes on the wire and decoded pixels. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;

/**
 * The widths an uploaded picture is stored in (docs/behaviour.md §3.6): the widest is the
 * picture itself (within 1600 x 1600), the narrower ones are copies for small screens.
 */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/** A tool's default low-stock line: stock for this many minimum orders (docs/behaviour.md §3.13). */
export const DEFAULT_LOW_STOCK_ORDERS = 2;
