import { expect, test } from '@playwright/test';

test.describe('permanent redirects', () => {
  const cases: [string, string][] = [
    ['/greenbox-rental', '/greenbox'],
    ['/box-rental', '/greenbox'],
    ['/booking', '/booking-v2'],
    ['/th/box-rental', '/th/greenbox'],
    ['/ru/greenbox-rental', '/ru/greenbox'],
    ['/?lang=th', '/th'],
    ['/?lang=ru', '/ru'],
    ['/greenbox?lang=th', '/th/greenbox'],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to} (308)`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(308);
      expect(res.headers().location).toBe(to);
    });
  }

  test('a browser following /box-rental lands on the GreenBox page', async ({ page }) => {
    await page.goto('/box-rental');
    await expect(page).toHaveURL(/\/greenbox$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('GreenBox moving box rental');
  });
});
