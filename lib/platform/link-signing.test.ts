import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { portalToken, verifyPortalToken } from './link-signing';

afterEach(() => resetEnvForTests());

describe('booking link tokens', () => {
  it('accept the token of their own booking only', () => {
    setEnvForTests({ AUTH_SECRET: 'a-secret-that-is-long-enough-for-signing-0123' });
    const token = portalToken('PSS-1001');
    expect(verifyPortalToken('PSS-1001', token)).toBe(true);
    expect(verifyPortalToken('PSS-1002', token)).toBe(false);
    expect(verifyPortalToken('PSS-1001', null)).toBe(false);
  });

  it('change with the secret, so a link cannot be forged without it', () => {
    setEnvForTests({ AUTH_SECRET: 'a-secret-that-is-long-enough-for-signing-0123' });
    const token = portalToken('PSS-1001');
    setEnvForTests({ AUTH_SECRET: 'another-secret-that-is-long-enough-for-sign' });
    expect(verifyPortalToken('PSS-1001', token)).toBe(false);
  });

  it('refuse to use the built-in development key in production', () => {
    setEnvForTests({ AUTH_SECRET: undefined, NODE_ENV: 'production' });
    expect(() => portalToken('PSS-1001')).toThrow(/AUTH_SECRET/);
  });
});
