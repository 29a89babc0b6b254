import { describe, expect, it } from 'vitest';
import { parseEnv } from './schema';

describe('environment validation', () => {
  it('accepts an empty environment: every service is optional', () => {
    const env = parseEnv({} as NodeJS.ProcessEnv);
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ STRIPE_SECRET_KEY: '', DATABASE_URL: '  ' } as unknown as NodeJS.ProcessEnv);
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names each malformed variable in the error', () => {
    expect(() =>
      parseEnv({ DATABASE_URL: 'mysql://x', STRIPE_WEBHOOK_SECRET: 'nope', SITE_URL: 'not a url' } as unknown as NodeJS.ProcessEnv),
    ).toThrowError(/DATABASE_URL[\s\S]*STRIPE_WEBHOOK_SECRET|STRIPE_WEBHOOK_SECRET[\s\S]*DATABASE_URL/);
    expect(() => parseEnv({ SITE_URL: 'not a url' } as unknown as NodeJS.ProcessEnv)).toThrowError(/SITE_URL/);
  });

  it('accepts a real PostgreSQL URL', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' } as unknown as NodeJS.ProcessEnv).DATABASE_URL).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
  });
});
