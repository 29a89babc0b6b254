import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = optionalString.pipe(z.url().optional());
const optionalNumber = (n: z.ZodNumber) =>
  optionalString.pipe(z.string().regex(/^\d+(\.\d+)?$/, 'must be a number').transform(Number).pipe(n).optional());
const optionalInt = (min: number, max: number) => optionalNumber(z.number().int().min(min).max(max));

/** Where the site is served when SITE_URL is not set (npm start's default port). */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/**
 * Every environment variable the app reads, with its default. Optional services are undefined when unconfigured and
 * the feature degrades with a message (docs/product-rules.md, "Without keys"). Documented in .env.example.
 * Code reads configuration only through `env()` (lib/env/index.ts), never `process.env`.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Public address: canonical links, sitemap, links in emails, Stripe return addresses. */
  SITE_URL: z
    .url()
    .default(DEFAULT_SITE_URL)
    .transform((v) => v.replace(/\/+$/, '')),

  // Database
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL (leave unset for the embedded database)')
      .optional(),
  ),
  PGLITE_DIR: z.string().trim().default('.data/pglite'),
  DATABASE_POOL_MAX: optionalInt(1, 500).transform((v) => v ?? 10),
  /** Shared store for rate limits and caches between servers; optional (PostgreSQL holds them otherwise). */
  REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional()),

  // Sign-in and secrets
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(10, 'must be at least 10 characters').optional()),
  CRON_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Encrypts gate PINs: 32 bytes as base64 or hex (scripts/server/gate-pin-key.mjs generates one on the embedded database). */
  GATE_PIN_KEY: optionalString.pipe(z.string().regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes as base64 or hex').optional()),
  /** The gate controller (lib/gate/push.ts): changes are POSTed here, signed with GATE_API_SECRET; unset: staff key them in by hand. */
  GATE_API_URL: optionalUrl,
  GATE_API_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * A slip-verification provider (lib/payments/proofs/slip-verify.ts): the QR text of an uploaded slip is POSTed here
   * with SLIP_VERIFY_TOKEN as a bearer token; unset: staff check every slip by eye (docs/product-rules.md#thai-money).
   */
  SLIP_VERIFY_URL: optionalUrl,
  SLIP_VERIFY_TOKEN: optionalString,
  /**
   * The in-server job scheduler (docs/product-rules.md#jobs): `on` (default) runs every job of lib/jobs on its schedule
   * inside each server; `off` leaves them to POST /api/cron/<job> or `node scripts/jobs.mjs` (a server without a database).
   */
  JOBS_SCHEDULER: z.enum(['on', 'off']).default('on'),
  /** How often each server looks for public-data changes made by other servers, in ms (docs/product-rules.md#caching). */
  PUBLIC_DATA_POLL_MS: optionalInt(100, 60_000).transform((v) => v ?? 1000),

  // Requests
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. 0: the app faces visitors directly and
   * the header is not trusted for rate limits.
   */
  TRUSTED_PROXY_HOPS: optionalInt(0, 10).transform((v) => v ?? 0),
  /** Multiplies every rate limit's allowance (tests that drive many requests from one address raise it). */
  RATE_LIMIT_SCALE: optionalNumber(z.number().positive().max(10_000)).transform((v) => v ?? 1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  // Payments
  STRIPE_SECRET_KEY: optionalString.pipe(z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_/, 'must start with whsec_').optional()),
  STRIPE_API_BASE: optionalUrl,
  /** Tests only: lets POST /api/cron/billing?now=<ISO> run the billing job as of another moment. Never in production use. */
  BILLING_CLOCK_OVERRIDE: optionalString.pipe(z.enum(['0', '1']).optional()).transform((v) => v === '1'),

  // Email
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  EMAIL_FROM: z.string().trim().default('Phuket Self Storage <bookings@phuketselfstorage.com>'),
  EMAIL_OUTBOX_DIR: z.string().trim().default('.data/outbox'),

  // Files
  UPLOAD_DIR: z.string().trim().default('.data/uploads'),

  // AI assistant (any OpenAI-compatible server)
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().trim().default('gpt-4o-mini'),

  // Google reviews
  GOOGLE_PLACES_API_KEY: optionalString,
  GOOGLE_PLACE_ID: optionalString,
  GOOGLE_PLACES_BASE_URL: optionalUrl,

  // LINE Official Account (lib/line): both set turns LINE on (portal "Link LINE", pushed messages); unset: no LINE at all
  LINE_CHANNEL_ACCESS_TOKEN: optionalString,
  LINE_CHANNEL_SECRET: optionalString,
  LINE_API_URL: z.string().trim().pipe(z.url()).default('https://api.line.me'),
  /** the Official Account's add-friend link shown beside the link code (e.g. https://line.me/R/ti/p/@yourid) */
  LINE_ADD_FRIEND_URL: optionalUrl,

  // Analytics (public: inlined into the browser bundle by Next)
  NEXT_PUBLIC_GTM_ID: optionalString.pipe(z.string().regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX').optional()),
});

export type Env = z.infer<typeof envSchema>;

/** Parses an environment; on failure the message names every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv | Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  return result.data;
}
