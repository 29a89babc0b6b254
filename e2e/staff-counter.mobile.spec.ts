import { devices, type Page } from '@playwright/test';
import { test, expect } from './fixtures/wizard';
import { linkIn, signInStaff, waitForEmail } from './admin-helpers';
import { uniqueSlip } from '../test/fixtures/files';

// The staff area on a phone (Pixel 7): the person at the counter signs in, opens Today, finds a customer by a phone
// number typed with spaces, opens the booking, checks the slip beside its Verify button and confirms, sees the
// customer's ID waiting on Today, moves the customer in a day early with a reason, takes one payment for two open
// invoices, and signs out; no page scrolls sideways (docs/product-rules.md#staff-tools-for-the-counter-and-the-phone).
// Screenshots of each step go to /tmp/staff-shots for a person to look at.

const SHOTS = '/tmp/staff-shots';

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

test('the counter on a phone: Today, search by phone, verify a slip, an ID, an early move-in, one payment for two invoices', async ({ page, wizard, browser, request }) => {
  test.setTimeout(240_000);
  // A customer books by bank transfer with a slip, from a phone number of their own.
  const email = `counter-${Date.now()}@example.com`;
  const digits = `08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const lastName = `Counter${Date.now().toString(36)}`;
  await wizard.start('s');
  await wizard.term('m2m');
  await wizard.insurance('none');
  await wizard.skipPromoAndSupplies();
  await wizard.fillContact({ email, lastName, phone: digits });
  await wizard.continueToPayment();
  await wizard.method('bank_transfer');
  await wizard.signAgreement();
  await page.getByLabel('Choose file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await expect(page.getByText('Proof uploaded: slip.png')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await wizard.settled('Review & Submit');
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
  // The slip is inside the Verify form, right above its button: both on one phone screen.
  const verify = page.getByRole('button', { name: 'Verify payment' });
  const verifyForm = page.locator('form').filter({ has: verify });
  const slip = verifyForm.getByRole('img', { name: 'slip.png' });
  await expect(slip).toBeVisible();
  await expect(verifyForm.getByText(/^Amount due: ฿/)).toBeVisible();
  await verify.scrollIntoViewIfNeeded();
  await expect(slip).toBeInViewport();
  const [slipBox, buttonBox] = [await slip.boundingBox(), await verify.boundingBox()];
  expect(buttonBox!.y + buttonBox!.height - slipBox!.y).toBeLessThan(page.viewportSize()!.height);
  await page.screenshot({ path: `${SHOTS}/counter-1-slip-beside-verify.png` });

  // Verifying asks first; saying no changes nothing.
  let question = '';
  page.once('dialog', (d) => {
    question = d.message();
    void d.dismiss();
  });
  await verify.click();
  await expect.poll(() => question).toMatch(/^Mark ฿[\d,.]+ as received and confirm the booking\? This cannot be undone\.$/);
  await expect(verify).toBeVisible();
  await expect(page.getByText('Payment verified; booking confirmed.')).toHaveCount(0);
  page.once('dialog', (d) => void d.accept());
  await verify.click();
  await expect(page.getByText('Payment verified; booking confirmed.').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  const review = page.url().replace(/\?.*$/, '');

  // Verified: the slip has left Today.
  await page.goto('/admin/today');
  await expect(page.getByRole('listitem').filter({ hasText: reference }).getByText('Slip to check')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // The customer uploads a passport from the portal (their own phone): Today lists the ID to check.
  const mail = await waitForEmail(request, email, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
  const customer = await browser.newContext({ ...devices['Pixel 7'] });
  const portal = await customer.newPage();
  await portal.goto(linkIn(mail.html, new RegExp(`/my-booking/${reference}\\?token=`)).replace(/^https?:\/\/[^/]+/, ''));
  await portal.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'Passport' });
  await portal.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await portal.getByRole('button', { name: 'Upload document' }).click();
  await expect(portal.getByText('We are checking your document.')).toBeVisible();
  await customer.close();

  await page.reload();
  const idItem = page.getByRole('listitem').filter({ hasText: reference }).filter({ hasText: 'ID to check' });
  await expect(idItem.getByText('Passport')).toBeVisible();
  await expect(idItem.getByRole('link', { name: /^Check the ID/ })).toHaveAttribute('href', /\/admin\/booking-review\/.+#identity$/);
  await expectNoSidewaysScroll(page);
  await idItem.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/counter-2-today-id-to-check.png` });

  // Move-in a day before the booked date, the ID not verified yet: the form says both and wants a reason.
  await page.goto(review);
  const moveIn = page.getByRole('button', { name: 'Move in', exact: true });
  const moveInForm = page.locator('form').filter({ has: moveIn });
  await expect(moveInForm.getByText(/^The booking starts on \d{1,2} [A-Z][a-z]{2} \d{4}: today is earlier\.$/)).toBeVisible();
  await expect(moveInForm.getByText('The ID document has not been verified yet.')).toBeVisible();
  const reason = moveInForm.getByLabel('Reason for moving in now');
  await expect(reason).toHaveAttribute('required', '');
  await reason.fill('Customer came a day early; passport seen at the counter');
  await moveIn.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/counter-3-early-move-in.png` });
  page.once('dialog', (d) => {
    question = d.message();
    void d.accept();
  });
  await moveIn.click();
  await expect(page.getByText('Moved in; the rental is active.').first()).toBeVisible();
  expect(question).toContain('Your reason is kept in the booking');
  // The history says what happened in words, not the audit code (`booking.moveIn`).
  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'History', exact: true }) });
  await expect(history.getByText('Moved in', { exact: true }).first()).toBeVisible();
  await expect(history.getByText('booking.moveIn')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Two fee invoices at the counter, then one payment for both, oldest first.
  page.on('dialog', (d) => void d.accept());
  for (const fee of [/^Cut-lock fee/, /^Cleaning fee/]) {
    await page.goto(review);
    await page.getByLabel(fee).fill('1');
    await page.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Invoice INV-\d{4}-\d{6} issued/ })).toBeVisible();
  }
  // The second invoice's page points at the one payment for all.
  await expect(page.getByText(/^This booking has 2 open invoices \(฿[\d,.]+ in all\)/)).toBeVisible();
  await page.getByRole('link', { name: 'Take one payment for all' }).click();
  const counter = page.locator('#counter');
  await expect(counter.getByRole('heading', { name: 'Take a payment at the counter' })).toBeVisible();
  await expect(counter.getByRole('listitem')).toHaveCount(2);
  const total = (await counter.getByTestId('counter-total').textContent())!.replace('Total still due: ', '');
  await expect(counter.getByLabel('Amount received (THB)')).toHaveValue(total.replace(/[฿,]/g, '').replace(/\.00$/, ''));
  await counter.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/counter-4-one-payment-two-invoices.png` });
  await counter.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded against the open invoices, oldest first.', { exact: false }).first()).toBeVisible();
  await expect(page.locator('#counter')).toHaveCount(0);
  const invoices = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Invoices', exact: true }) });
  await expect(invoices.getByText('Open', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/counter-5-paid.png` });

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
