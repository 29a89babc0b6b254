import { describe, expect, it } from 'vitest';
import sitemap from '@/app/sitemap';
import robots from '@/app/robots';

describe('sitemap', () => {
  it('lists every indexable page in en, th and ru, each with all alternates', () => {
    const entries = sitemap();
    const paths = entries.map((e) => new URL(e.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/', '/th', '/ru', '/faq', '/th/faq', '/ru/space-calculator', '/th/greenbox', '/ru/mobile-features']));
    expect(paths).not.toContain('/legal');
    expect(entries).toHaveLength(15);
    for (const e of entries) expect(Object.keys(e.alternates?.languages ?? {})).toEqual(['en', 'th', 'ru', 'x-default']);
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
