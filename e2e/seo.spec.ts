import { expect, test } from '@playwright/test';

test.describe('search engines', () => {
  test('robots.txt keeps private and test pages out and links the sitemap', async ({ request }) => {
    const body = await (await request.get('/robots.txt')).text();
    for (const path of ['/admin', '/checkout', '/booking-v2-success', '/my-booking', '/api', '/promptpay-demo', '/test-payment-urls', '/payment-method-test', '/mobile-booking-test', '/test']) {
      expect(body).toContain(`Disallow: ${path}\n`);
      expect(body).toContain(`Disallow: /th${path}\n`);
      expect(body).toContain(`Disallow: /ru${path}\n`);
    }
    expect(body).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    expect(body).not.toMatch(/Disallow: \/faq/);
  });

  test('sitemap.xml lists every public page in every language with alternates', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const path of ['/', '/faq', '/space-calculator', '/greenbox', '/mobile-features']) {
      const th = path === '/' ? '/th' : `/th${path}`;
      const ru = path === '/' ? '/ru' : `/ru${path}`;
      expect(locs).toEqual(expect.arrayContaining([path, th, ru]));
    }
    expect(locs).not.toContain('/legal');
    expect(locs.some((p) => p.startsWith('/admin') || p.startsWith('/checkout'))).toBe(false);
    expect(xml).toContain('hreflang="x-default"');
    expect(xml).toContain('hreflang="th"');
  });

  test('a page carries canonical, hreflang alternates and Open Graph locale tags', async ({ page }) => {
    await page.goto('/th/faq');
    const head = page.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/th\/faq$/);
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /[^/]\/faq$/);
    await expect(head.locator('link[rel="alternate"][hreflang="th"]')).toHaveAttribute('href', /\/th\/faq$/);
    await expect(head.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute('href', /\/ru\/faq$/);
    await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /[^/]\/faq$/);
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'th_TH');
    await expect(head.locator('meta[property="og:locale:alternate"]')).toHaveCount(2);
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await page.goto('/ru/space-calculator');
    await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute('content', 'ru_RU');
    // Visiting /ru remembered Russian; an English visitor has no such cookie.
    await page.context().clearCookies();
    await page.goto('/greenbox');
    await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute('content', 'en_US');
  });

  test('every public page has a canonical and the four hreflang links', async ({ page }) => {
    for (const path of ['/', '/faq', '/space-calculator', '/greenbox', '/mobile-features', '/legal']) {
      await page.goto(path);
      await expect(page.locator('head link[rel="canonical"]'), path).toHaveCount(1);
      await expect(page.locator('head link[rel="alternate"][hreflang]'), path).toHaveCount(4);
    }
  });

  test('the web app manifest and icons are served', async ({ request, page }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', theme_color: '#0f766e' });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}:${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await page.goto('/faq');
    await expect(page.locator('head link[rel="manifest"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveCount(1);
  });

  test('the home page describes the business in JSON-LD with data-driven rating and prices', async ({ page }) => {
    await page.goto('/');
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const business = scripts.map((s) => JSON.parse(s)).find((d) => [d['@type']].flat().includes('SelfStorage'));
    expect(business, 'SelfStorage JSON-LD on the home page').toBeTruthy();
    expect(business.address.addressLocality).toBe('Cherngtalay');
    expect(business.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '18:00' });
    expect(business.availableLanguage).toEqual(['en', 'th', 'ru']);
    expect(business.aggregateRating.reviewCount).toBeGreaterThan(0);
    expect(business.makesOffer[0].lowPrice).toBe(1400);
  });
});
