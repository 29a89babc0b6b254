import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/wizard';
import { signInStaff } from './admin-helpers';
import { uniqueSlip } from '../test/fixtures/files';

// The staff area on a phone (Pixel 7): the person at the counter signs in, opens Today, finds a customer by a phone
// number typed with spaces, opens the booking, verifies the slip and signs out, and no page scrolls sideways.

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

test('the counter on a phone: Today, search by phone, verify a slip, sign out', async ({ page, wizard }) => {
  // A customer books by bank transfer with a slip, from a phone number of their own.
  const digits = `08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const lastName = `Counter${Date.now().toString(36)}`;
  await wizard.start('s');
  await wizard.term('m2m');
  await wizard.insurance('none');
  await wizard.skipPromoAndSupplies();
  await wizard.fillContact({ email: `counter-${Date.now()}@example.com`, lastName, phone: digits });
  await wizard.continueToPayment();
  await wizard.method('bank_transfer');
  await wizard.signAgreement();
  await page.getByLabel('Choose file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await expect(page.getByText('Proof uploaded: slip.png')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await wizard.submit();
  await expect(wizard.booked()).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();

  await signInStaff(page);
  await expectNoSidewaysScroll(page);
  // Sign-out and language are in view without opening anything.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  await expect(page.getByLabel('Language')).toBeInViewport();

  // The sections fold behind the menu button on a phone.
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Staff sections' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const item = page.getByRole('listitem').filter({ hasText: reference });
  await expect(item.getByText('Slip to check')).toBeVisible();
  // (a first payment is checked on its booking)
  await expect(item.getByRole('link', { name: /^Check the slip/ })).toHaveAttribute('href', /\/admin\/booking-review\//);

  // The phone number as a person reads it out: 0XX XXX XXXX, not as the customer typed it.
  const spaced = `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Find bookings, invoices, units and customers' });
  await expect(search).toBeFocused();
  await search.fill(spaced);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: `Results for “${spaced}”` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const customers = page.getByRole('list', { name: 'Customers' });
  await expect(customers.getByText(`Somchai ${lastName}`)).toBeVisible();
  await customers.getByRole('link', { name: reference }).click();

  await expect(page.getByRole('heading', { name: new RegExp(`Booking ${reference}`) })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Verify payment' }).click();
  await expect(page.getByText('Payment verified; booking confirmed.').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Verified: the slip has left Today.
  await page.goto('/admin/today');
  await expect(page.getByRole('listitem').filter({ hasText: reference }).getByText('Slip to check')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  for (const list of ['/admin/bookings', '/admin/invoices', '/admin/payments', '/admin/payments/all', `/admin/search?q=${reference}`]) {
    await page.goto(list);
    await expectNoSidewaysScroll(page);
  }

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/admin/today');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test('the other lists on a phone: rows are cards, sortable from the form, nothing scrolls sideways', async ({ page }) => {
  await signInStaff(page);
  for (const [path, title] of [['/admin/units', 'Units'], ['/admin/waiting-list', 'Waiting list'], ['/admin/promo-codes', 'Promo codes'], ['/admin/audit', 'Audit log']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  // A unit's row is a card: its number with the column's name beside it, the table head out of view.
  await page.goto('/admin/units?q=S-01');
  await page.getByLabel('Sort by').selectOption('number');
  await page.getByLabel('Order').selectOption('desc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/sort=number&dir=desc/);
  const cell = page.locator('tbody tr').first().locator('td').first();
  await expect(cell).toHaveAttribute('data-label', 'Unit number');
  await expect(cell).toHaveText('S-01');
  expect(await page.locator('tbody tr').first().evaluate((row) => getComputedStyle(row).display)).toBe('block');
  await expectNoSidewaysScroll(page);
});
