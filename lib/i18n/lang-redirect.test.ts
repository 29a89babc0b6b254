import { describe, expect, it } from 'vitest';
import { langRedirectTarget } from './lang-redirect';

describe('?lang= redirects', () => {
  it.each([
    ['http://x/?lang=th', '/th'],
    ['http://x/faq?lang=ru', '/ru/faq'],
    ['http://x/th/faq?lang=ru', '/ru/faq'],
    ['http://x/ru/space-calculator?lang=en', '/space-calculator'],
    ['http://x/booking-v2?unit=m&lang=th', '/th/booking-v2?unit=m'],
  ])('%s → %s', (from, to) => {
    expect(langRedirectTarget(new URL(from))).toBe(to);
  });

  it('ignores unknown languages and URLs without lang', () => {
    expect(langRedirectTarget(new URL('http://x/faq?lang=de'))).toBeNull();
    expect(langRedirectTarget(new URL('http://x/faq'))).toBeNull();
  });
});
