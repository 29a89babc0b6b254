import { expect, test, type Page } from '@playwright/test';
import { signInStaff } from './admin-helpers';

async function setListPrice(page: Page, code: string, baht: string) {
  await page.goto(`/admin/unit-types/${code}`);
  await page.getByLabel('List price per month (THB)').fill(baht);
  await page.getByRole('button', { name: 'Save unit type' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The public site shows the change on the next page load.');
}

/** A quote for xl nobody asked for before (no shared cache can hold a copy of it): its monthly rate in baht. */
async function quotedXlRate(page: Page): Promise<number> {
  const res = await page.request.get(`/api/quote?unit=xl&term=m2m&insurance=0&customer=individual&payment=card&supplies=tape:${1 + Math.floor(Math.random() * 90)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).monthlyRate;
}

test('an admin changes a price and the home page and the quote API show it at once, with the change in the audit log', async ({ page }) => {
  await signInStaff(page);
  try {
    await setListPrice(page, 'xl', '12345');
    await page.goto('/');
    await expect(page.getByText('From ฿12,345/month').first()).toBeVisible();
    // The quote API prices from the same catalogue's copy, dropped by the same change.
    expect(await quotedXlRate(page)).toBe(12345);

    await page.goto('/admin/audit?action=unitType.update');
    await expect(page.getByText('Unit type changed').first()).toBeVisible();
    await expect(page.getByText('unitType.update').first()).toBeVisible();
    await expect(page.getByText('admin@example.test').first()).toBeVisible();
  } finally {
    // The e2e suite shares one database: the seeded price comes back even when a step above failed.
    await setListPrice(page, 'xl', '12000');
  }
  await page.goto('/');
  await expect(page.getByText('From ฿12,345/month')).toHaveCount(0);
  expect(await quotedXlRate(page)).toBe(12000);
});
