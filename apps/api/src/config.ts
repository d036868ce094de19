import { z } from 'zod';

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

/** Every setting the shop reads, validated once at start (README: Configuration). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAILS: emailList.default([]),
  SEED_DEMO: booleanFlag.default(true),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  WEB_DIST_DIR: z.string().optional(),
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
  return config;
}
