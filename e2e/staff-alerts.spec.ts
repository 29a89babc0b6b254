import { expect, test } from '@playwright/test';
import { signInStaff } from './admin-helpers';

// Staff are told (docs/product-rules.md#staff-alerts): a count beside the admin navigation opens what waits, and each
// member chooses the alert emails they receive.
test('the alerts badge opens what waits; a member switches an alert email off and it stays off', async ({ page }) => {
  await signInStaff(page);
  const badge = page.getByRole('link', { name: /^Alerts: \d+ need attention$/ });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  for (const kind of ['New booking', 'Slip to check', 'Cash arrival due today', 'Chat waiting for a person', 'Failed job']) {
    await expect(page.getByRole('listitem').filter({ hasText: kind })).toBeVisible();
  }
  const digest = page.getByRole('checkbox', { name: /Morning digest \(08:00\)/ });
  await expect(digest).toBeChecked();
  await digest.uncheck();
  await page.getByRole('button', { name: 'Save my alert settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert settings saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Morning digest \(08:00\)/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /New booking/ })).toBeChecked();
  // Back on, as the member had it.
  await page.getByRole('checkbox', { name: /Morning digest \(08:00\)/ }).check();
  await page.getByRole('button', { name: 'Save my alert settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert settings saved.' })).toBeVisible();
});
