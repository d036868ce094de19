import { isIP } from 'node:net';
import { z } from 'zod';
import { company } from '@shop/shared/company';

/** An amount in dollars ('250', '99.50'), read as cents; more than 0 when set. */
const dollarsInCents = (unsetMeans: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount in dollars such as 250 or 99.50')
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents > 0, `must be more than 0 (${unsetMeans})`)
    .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalUrl = (protocols: string[]) =>
  z
    .url()
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })
    .optional();

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** One proxy address or CIDR block: 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may name the client in X-Forwarded-For, in the forms Fastify's `trustProxy`
 * takes: false (none: the default, so a client cannot forge its address and dodge rate limits),
 * true (any: only behind a proxy that overwrites the header), a hop count, or addresses/CIDRs.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (['true', 'false'].includes(value.toLowerCase())) return value.toLowerCase() === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (entries.length > 0 && bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count, or proxy addresses/CIDRs separated by commas${
        bad.length > 0 ? ` (not an address: ${bad.join(', ')})` : ''
      }`,
    });
    return z.NEVER;
  });

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A length of time such as '48h', '30m', '2d', '90s' or '500ms', read as milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d{1,9}(ms|s|m|h|d)$/, "must be a whole number and a unit, such as '48h', '30m', '2d' or '90s'")
  .transform((value) => {
    const [, count = '0', unit = 'ms'] = /^(\d+)(ms|s|m|h|d)$/.exec(value) ?? [];
    return Number(count) * DURATION_UNITS_MS[unit as keyof typeof DURATION_UNITS_MS];
  });

/** Every setting the shop reads, validated once at start (README: Configuration). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Loopback by default: a laptop does not show the shop to its network (the Docker image sets 0.0.0.0).
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  // The role that owns the tables and applies the migrations, when the shop runs as another
  // (DATABASE_URL) that may not alter or empty them (docs/decisions/0035-database-roles.md).
  MIGRATION_DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAILS: emailList.default([]),
  SEED_DEMO: booleanFlag.default(true),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Sign-in and sign-up attempts naming one e-mail, from any client, per AUTH_RATE_LIMIT_WINDOW_MS.
  AUTH_EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  // Writes (orders, payments, reviews, uploads, profile) per account and per client, per window.
  WRITE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  WRITE_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(120),
  WRITE_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Each kind of write a person makes now and then has a limit of its own per account, beside the
  // writes' (docs/behaviour.md §11.5): new reviews, picture uploads, orders placed.
  REVIEW_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  REVIEW_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(600_000),
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  UPLOAD_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(600_000),
  ORDER_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  ORDER_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Contact messages per client, per window (docs/behaviour.md §8.5).
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(600_000),
  // Unpaid orders hold stock; a cap keeps one account from hoarding it (orders.service.ts).
  MAX_OPEN_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1000).default(5),
  // The least value of tools one order may hold, in dollars before shipping (docs/behaviour.md
  // §5.3): '250' or '99.50'; unset means none. Read as cents (ORDER_MINIMUM_CENTS below).
  ORDER_MINIMUM: dollarsInCents('leave it unset for no minimum'),
  // Shipping is free once an order's items reach this value, in dollars before shipping
  // (docs/behaviour.md §5.4); unset: shipping is always charged.
  FREE_SHIPPING_OVER: dollarsInCents('leave it unset to charge shipping on every order'),
  // Admin routes refuse an admin who has not turned on two-factor sign-in (plugins/access.ts).
  ADMIN_REQUIRE_2FA: booleanFlag.default(false),
  // How long a signed-in caller is remembered without reading its session (session-cache.ts);
  // every sign-out or role change drops it at once on every instance. 0: read on every request.
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  WEB_DIST_DIR: z.string().optional(),
  // Social sign-in (OpenID Connect): all or nothing, see oidcSettings().
  OIDC_ISSUER: optionalUrl(['http:', 'https:']),
  OIDC_DISCOVERY_URL: optionalUrl(['http:', 'https:']),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('Google'),
  // Card payments: the in-process demo processor, or Stripe with its three keys (checkPayments).
  PAYMENTS: z.enum(['demo', 'stripe']).default('demo'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_...)')
    .optional(),
  // One request to Stripe, and how often a failed one is tried again, before answering 503.
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  // Tests only: point the Stripe SDK at a local stand-in of Stripe's API.
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  // Pictures in S3-compatible object storage instead of DATA_DIR/uploads: all or nothing (checkS3).
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: z
    .string()
    .regex(/^[\w-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  // Transactional mail (modules/mail): unset SMTP_URL writes each message to DATA_DIR/outbox.
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).max(200).default('Brushworks <no-reply@brushworks.example>'),
  // Where contact messages are mailed (docs/behaviour.md §8.6): the address the contact page shows.
  SHOP_EMAIL: z.email('must be an e-mail address').default(company.email),
  // The seller on receipts, invoices and their PDFs (docs/behaviour.md §5.16, §5.22): defaults
  // are the company the contact page names (packages/shared/src/company.ts).
  SHOP_NAME: z.string().trim().min(1).max(120).default(company.name),
  // The postal address, its lines separated by '|'.
  SHOP_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(400)
    .default(company.addressLines.join(' | '))
    .transform((value) =>
      value
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  // The shop's own VAT or tax number, printed on invoices; unset prints none.
  SHOP_TAX_NUMBER: z.string().trim().min(1).max(40).optional(),
  // Where the shop is established (ISO 3166 alpha-2, and a region where rates differ): the place
  // an order with a typed address is taxed as, and the country EU reverse charge compares the
  // buyer's with (docs/behaviour.md §5.22).
  SHOP_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as GB')
    .default('GB'),
  SHOP_REGION: z.string().trim().min(1).max(60).optional(),
  // A message that fails is tried again MAIL_RETRIES times, waiting MAIL_RETRY_DELAY_MS, then twice that ...
  MAIL_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
  MAIL_RETRY_DELAY_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
  // How long an unpaid order holds its stock: older, it expires, its stock goes back and its
  // customer is mailed (docs/behaviour.md §5.11, §5.11).
  UNPAID_ORDER_TTL: duration
    .refine((ms) => ms >= 60_000 && ms <= 366 * DURATION_UNITS_MS.d, 'must be from 1m to 366d')
    .default(48 * 3_600_000),
  // How long before that the customer is reminded ('expiring soon'); 0 (any unit) sends no reminder.
  UNPAID_ORDER_REMINDER: duration.default(12 * 3_600_000),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; a bad value stops start-up with a message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (config.NODE_ENV === 'production' && config.DATABASE_URL && !config.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required in production with DATABASE_URL (all instances must share it)',
    );
  }
  // Left unset, the reminder goes a quarter of the TTL before expiry, at most 12h before (12h for
  // the default 48h): a short TTL set alone still starts. Set, it must be shorter than the TTL.
  if (!('UNPAID_ORDER_REMINDER' in present)) {
    config.UNPAID_ORDER_REMINDER = Math.min(config.UNPAID_ORDER_TTL / 4, 12 * 3_600_000);
  } else if (config.UNPAID_ORDER_REMINDER >= config.UNPAID_ORDER_TTL) {
    throw new ConfigError(
      'Invalid configuration:\n  UNPAID_ORDER_REMINDER: must be shorter than UNPAID_ORDER_TTL (it is how long before expiry the reminder goes)',
    );
  }
  const migrationProblem = checkMigrationUrl(config);
  if (migrationProblem) throw new ConfigError(`Invalid configuration:\n  ${migrationProblem}`);
  const oidcProblem = checkOidc(config, 'OIDC_NAME' in present);
  if (oidcProblem) throw new ConfigError(`Invalid configuration:\n  ${oidcProblem}`);
  const paymentsProblem = checkPayments(config);
  if (paymentsProblem) throw new ConfigError(`Invalid configuration:\n  ${paymentsProblem}`);
  const s3Problem = checkS3(
    config,
    Object.keys(present).some((name) => name.startsWith('S3_')),
  );
  if (s3Problem) throw new ConfigError(`Invalid configuration:\n  ${s3Problem}`);
  return config;
}

/** loadConfig for a command: a bad setting is printed to stderr and ends the process with status 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The owner's URL grants DATABASE_URL's role its rights, so that role must be named. */
function checkMigrationUrl({ DATABASE_URL, MIGRATION_DATABASE_URL }: Config): string | null {
  if (!MIGRATION_DATABASE_URL) return null;
  if (!DATABASE_URL || new URL(DATABASE_URL).username === '') {
    return "MIGRATION_DATABASE_URL: needs DATABASE_URL with the shop's own role in it (postgres://shop_app:…@host/shop)";
  }
  return null;
}

function checkPayments(config: Config): string | null {
  if (config.PAYMENTS !== 'stripe') return null;
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config;
  const missing = Object.entries({ STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) return `${missing.join(', ')}: required when PAYMENTS=stripe`;
  const isLive = (key: string | undefined) => key?.split('_')[1] === 'live';
  if (isLive(STRIPE_SECRET_KEY) !== isLive(STRIPE_PUBLISHABLE_KEY)) {
    return 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: one is a test key and the other a live key';
  }
  return null;
}

/** The social sign-in provider, or null when none is configured (the button is then hidden). */
export interface OidcSettings {
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the sign-in button: 'Continue With {name}'. */
  name: string;
}

function checkOidc(config: Config, hasName: boolean): string | null {
  const { OIDC_ISSUER, OIDC_DISCOVERY_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = config;
  if (OIDC_ISSUER && OIDC_DISCOVERY_URL) return 'OIDC_ISSUER, OIDC_DISCOVERY_URL: set one of them, not both';
  const required = {
    'OIDC_ISSUER or OIDC_DISCOVERY_URL': OIDC_ISSUER ?? OIDC_DISCOVERY_URL,
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  const isPartial = missing.length > 0 && (missing.length < 3 || hasName);
  return isPartial ? `${missing.join(', ')}: required when any OIDC_* setting is given` : null;
}

/** The shop's own address for links in mail and auth callbacks: never taken from a request's Host. */
/** The seller as receipts and invoices name it (SHOP_NAME, SHOP_ADDRESS, SHOP_EMAIL, SHOP_TAX_NUMBER). */
export function sellerOf(config: Config): Seller {
  return {
    name: config.SHOP_NAME,
    addressLines: config.SHOP_ADDRESS,
    email: config.SHOP_EMAIL,
    taxNumber: config.SHOP_TAX_NUMBER ?? null,
  };
}

export interface Seller {
  name: string;
  addressLines: string[];
  email: string;
  taxNumber: string | null;
}

export function publicUrlOf(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export function oidcSettings(config: Config): OidcSettings | null {
  const { OIDC_ISSUER, OIDC_DISCOVERY_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME } = config;
  const discoveryUrl =
    OIDC_DISCOVERY_URL ??
    (OIDC_ISSUER && `${OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!discoveryUrl || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return null;
  return { discoveryUrl, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET, name: OIDC_NAME };
}

/** Where pictures are kept when S3_* is set (modules/catalogue/uploads/s3-storage.ts). */
export interface S3Settings {
  bucket: string;
  /** Absent: Amazon S3 itself, found by region. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** A half-configured bucket would lose pictures at the first upload: refuse it at start. */
function checkS3(config: Config, hasAnyS3Setting: boolean): string | null {
  if (!hasAnyS3Setting) return null;
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  const missing = Object.entries({ S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  return missing.length > 0 ? `${missing.join(', ')}: required when any S3_* setting is given` : null;
}

export function s3Settings(config: Config): S3Settings | null {
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    bucket: S3_BUCKET,
    endpoint: S3_ENDPOINT,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    // Self-hosted S3-compatible servers rarely have a DNS name per bucket; Amazon S3 does.
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(S3_ENDPOINT),
  };
}
