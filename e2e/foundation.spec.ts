import { expect, test } from '@playwright/test';

test.describe('languages and live data', () => {
  test('the home page lists unit types with database prices in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const units = page.locator('#units');
    await expect(units.getByText('฿2,700').first()).toBeVisible();
    await expect(units.getByText('฿1,400').first()).toBeVisible();
  });

  test('Thai and Russian pages are served under their prefixes', async ({ page }) => {
    await page.goto('/th');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.locator('#units').getByText(/เดือน/).first()).toBeVisible();
    await page.goto('/ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('#units').getByText(/мес/).first()).toBeVisible();
  });

  test('a first visit follows the browser language, and a chosen language is remembered', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU', extraHTTPHeaders: { 'Accept-Language': 'ru-RU,ru;q=0.9' } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
    await page.getByRole('link', { name: /Английский|English/ }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('old ?lang= links redirect permanently to the prefixed address', async ({ request }) => {
    const res = await request.get('/?lang=th', { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(res.headers().location).toBe('/th');
    const faq = await request.get('/faq?lang=ru', { maxRedirects: 0 });
    expect(faq.status()).toBe(308);
    expect(faq.headers().location).toBe('/ru/faq');
  });

  test('the health endpoint reports the database up, without naming which one', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.ok()).toBeTruthy();
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' } });
    expect(JSON.stringify(body)).not.toMatch(/pglite|postgres/i);
  });
});
