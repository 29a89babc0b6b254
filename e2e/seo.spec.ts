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
    for (const path of ['/', '/booking-v2', '/faq', '/space-calculator', '/greenbox', '/mobile-features']) {
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
    for (const path of ['/', '/booking-v2', '/faq', '/space-calculator', '/greenbox', '/mobile-features', '/legal']) {
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
    // 24/7 PIN access is a feature of the place; the office keeps Mon–Sat 9:00–18:00.
    expect(business.amenityFeature).toEqual([expect.objectContaining({ '@type': 'LocationFeatureSpecification', name: '24/7 access with your own PIN code', value: true })]);
    expect(business.openingHoursSpecification).toHaveLength(1);
    expect(business.openingHoursSpecification[0].dayOfWeek).toHaveLength(6);
  });

  test('the home URL is spelled the same in canonical, hreflang, og:url, JSON-LD and the sitemap', async ({ page, request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const [path, locale] of [['/', 'en'], ['/th', 'th'], ['/ru', 'ru']] as const) {
      await page.context().clearCookies();
      await page.goto(path);
      const head = page.locator('head');
      const canonical = await head.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical, path).toBeTruthy();
      await expect(head.locator(`link[rel="alternate"][hreflang="${locale}"]`)).toHaveAttribute('href', canonical!);
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical!);
      const business = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((t) => JSON.parse(t))
        .find((d) => [d['@type']].flat().includes('SelfStorage'));
      expect(business.url, path).toBe(canonical);
      expect(locs, path).toContain(canonical);
      if (locale === 'en') {
        await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', canonical!);
        expect(xml).toContain(`hreflang="en" href="${canonical}"`);
      }
    }
  });

  test('the booking wizard is indexable', async ({ page }) => {
    await page.goto('/th/booking-v2?unit=m');
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /^index/);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/th\/booking-v2$/);
  });

  test('every public page names a link-preview picture in its language, served as a 1200×630 PNG without a redirect', async ({ page, request }) => {
    for (const locale of ['en', 'th', 'ru'] as const) {
      const prefix = locale === 'en' ? '' : `/${locale}`;
      for (const path of ['', '/booking-v2', '/faq', '/space-calculator', '/greenbox', '/mobile-features', '/legal']) {
        await page.context().clearCookies();
        await page.goto(`${prefix}${path}` || '/');
        const head = page.locator('head');
        await expect(head.locator('meta[property="og:image"]'), `${prefix}${path}`).toHaveAttribute('content', new RegExp(`/${locale}/opengraph-image$`));
        await expect(head.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /.{10,}/);
        await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      }
      const url = await page.locator('head meta[property="og:image"]').getAttribute('content');
      const res = await request.get(url!, { maxRedirects: 0 });
      expect(res.status(), url!).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      const png = await res.body();
      // PNG signature, then the IHDR chunk's width and height.
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    }
  });
});
