import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = optionalString.pipe(z.url().optional());

/**
 * Every environment variable the app reads. Optional services are undefined when unconfigured and the feature
 * degrades with a message (DECISIONS.md, last point). Documented in .env.example.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SITE_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL (leave unset for the embedded database)')
      .optional(),
  ),
  PGLITE_DIR: optionalString,
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(10, 'must be at least 10 characters').optional()),
  CRON_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  STRIPE_SECRET_KEY: optionalString.pipe(z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_/, 'must start with whsec_').optional()),
  STRIPE_API_BASE: optionalUrl,
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  EMAIL_FROM: z.string().default('Phuket Self Storage <bookings@phuketselfstorage.com>'),
  EMAIL_OUTBOX_DIR: z.string().default('.data/outbox'),
  UPLOAD_DIR: z.string().default('.data/uploads'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  GOOGLE_PLACES_API_KEY: optionalString,
  GOOGLE_PLACE_ID: optionalString,
  GOOGLE_PLACES_BASE_URL: optionalUrl,
  NEXT_PUBLIC_GTM_ID: optionalString.pipe(z.string().regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX').optional()),
});

export type Env = z.infer<typeof envSchema>;

/** Parses an environment; on failure the message names every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  return result.data;
}
