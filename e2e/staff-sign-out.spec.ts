import { expect, test } from '@playwright/test';
import { signInStaff } from './admin-helpers';

/**
 * Signing out ends the staff session on the server (docs/product-rules.md#sign-out; issue 38, finding 11): a copy of
 * the session cookie taken before signing out (another browser, a shared computer's leftovers) no longer opens the
 * staff area afterwards, while before signing out the same copy did.
 */
test('after signing out, a copy of the session cookie no longer opens the staff area', async ({ page, browser }) => {
  await signInStaff(page);
  const copied = await page.context().cookies();

  // The copy works while the session lives: that is what signing out has to end.
  const elsewhere = await browser.newContext();
  await elsewhere.addCookies(copied);
  const other = await elsewhere.newPage();
  await other.goto('/admin');
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();

  // The copy, sent again from a fresh browser: the sign-in page, not the dashboard.
  const later = await browser.newContext();
  await later.addCookies(copied);
  const stale = await later.newPage();
  await stale.goto('/admin');
  await expect(stale.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(stale.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  // The other browser that held the copy is signed out as well.
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await Promise.all([elsewhere.close(), later.close()]);
});
