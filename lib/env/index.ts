import { parseEnv, type Env } from './schema';

export { DEFAULT_SITE_URL, type Env } from './schema';

let cached: Env | undefined;
let overrides: Partial<Record<keyof Env, string | undefined>> | undefined;

/**
 * The validated configuration, parsed once per process. Every module reads its variables here (one place for the
 * defaults); tests change them with `setEnvForTests`, never by editing process.env.
 * Not marked server-only so scripts and the seed can read it too; nothing here is sent to the browser.
 */
export function env(): Env {
  cached ??= parseEnv(overrides ? { ...process.env, ...overrides } : process.env);
  return cached;
}

/**
 * Tests: replaces some variables (undefined unsets one) until `resetEnvForTests()`. Values go through the same
 * validation as real ones.
 */
export function setEnvForTests(values: Partial<Record<keyof Env, string | undefined>>): void {
  overrides = { ...overrides, ...values };
  cached = undefined;
}

export function resetEnvForTests(): void {
  overrides = undefined;
  cached = undefined;
}
