import { describe, expect, it } from 'vitest';
import sitemap from '@/app/sitemap';
import robots from '@/app/robots';
import { absoluteUrl, alternatesFor, siteUrl } from '@/lib/seo/metadata';

describe('sitemap', () => {
  it('lists every indexable page in en, th and ru, each with all alternates', () => {
    const entries = sitemap();
    const paths = entries.map((e) => new URL(e.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/', '/th', '/ru', '/faq', '/th/faq', '/ru/space-calculator', '/th/greenbox', '/ru/mobile-features']));
    expect(paths).not.toContain('/legal');
    expect(entries).toHaveLength(18);
    for (const e of entries) expect(Object.keys(e.alternates?.languages ?? {})).toEqual(['en', 'th', 'ru', 'x-default']);
  });

  it('includes the booking wizard in every language', () => {
    const paths = sitemap().map((e) => new URL(e.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/booking-v2', '/th/booking-v2', '/ru/booking-v2']));
  });

  it('spells the home URL exactly as the canonical and hreflang links do: the bare origin', () => {
    const home = sitemap().find((e) => e.priority === 1)!;
    const origin = siteUrl();
    expect(origin).not.toMatch(/\/$/);
    expect(home.url).toBe(origin);
    expect(home.url).toBe(alternatesFor('en', '/').canonical);
    expect(home.alternates?.languages).toEqual(alternatesFor('th', '/').languages);
    expect(alternatesFor('th', '/')).toEqual({
      canonical: `${origin}/th`,
      languages: { en: origin, th: `${origin}/th`, ru: `${origin}/ru`, 'x-default': origin },
    });
    expect(absoluteUrl('ru', '/faq')).toBe(`${origin}/ru/faq`);
  });
});

describe('robots', () => {
  it('disallows private and test pages in every language and links the sitemap', () => {
    const r = robots();
    const rule = [r.rules].flat()[0];
    const disallow = [rule.disallow].flat();
    for (const p of ['/admin', '/th/checkout', '/ru/my-booking', '/api', '/test', '/th/promptpay-demo', '/ru/booking-v2-success']) {
      expect(disallow).toContain(p);
    }
    expect(disallow).not.toContain('/faq');
    expect(r.sitemap).toMatch(/\/sitemap\.xml$/);
  });
});
