import { expect, test, type Page } from '@playwright/test';
import { signInStaff } from './admin-helpers';

async function setListPrice(page: Page, code: string, baht: string) {
  await page.goto(`/admin/unit-types/${code}`);
  await page.getByLabel('List price per month (THB)').fill(baht);
  await page.getByRole('button', { name: 'Save unit type' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The public site shows the change on the next page load.');
}

test('an admin changes a price and the home page shows it at once, with the change in the audit log', async ({ page }) => {
  await signInStaff(page);
  try {
    await setListPrice(page, 'xl', '12345');
    await page.goto('/');
    await expect(page.getByText('From ฿12,345/month').first()).toBeVisible();

    await page.goto('/admin/audit?action=unitType.update');
    await expect(page.getByText('unitType.update').first()).toBeVisible();
    await expect(page.getByText('admin@example.test').first()).toBeVisible();
  } finally {
    // The e2e suite shares one database: the seeded price comes back even when a step above failed.
    await setListPrice(page, 'xl', '12000');
  }
  await page.goto('/');
  await expect(page.getByText('From ฿12,345/month')).toHaveCount(0);
});
