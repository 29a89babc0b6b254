import { expect, test } from '@playwright/test';
import { signInStaff } from './admin-helpers';
import { bookBankTransferAtCheckout } from './fixtures/checkout';

// Lists staff know, at a desk: sort the bookings by a column (kept in the address), export exactly the filtered rows
// as CSV with Bangkok times, and two-factor set-up with a QR code. The bookings listed are made on the one-page
// checkout (e2e/fixtures/checkout.ts): what is tested is the list, not the wizard.

test('bookings sort by their columns and export the filtered rows', async ({ page }) => {
  const tag = `L${Date.now().toString(36)}`;
  for (const lastName of [`Aardvark${tag}`, `Zebra${tag}`]) {
    await bookBankTransferAtCheckout(page, { email: `${lastName.toLowerCase()}@example.com`, lastName });
  }

  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${tag}`);
  await expect(page.getByText('2 bookings')).toBeVisible();
  const names = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[1]?.textContent ?? '').trim()));

  await page.getByRole('columnheader', { name: 'Customer' }).getByRole('link').click();
  await expect(page).toHaveURL(/sort=customer&dir=asc/);
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'ascending');
  expect(await names()).toEqual([`Somchai Aardvark${tag}`, `Somchai Zebra${tag}`]);

  await page.getByRole('columnheader', { name: 'Customer' }).getByRole('link').click();
  await expect(page).toHaveURL(/sort=customer&dir=desc/);
  expect(await names()).toEqual([`Somchai Zebra${tag}`, `Somchai Aardvark${tag}`]);
  // The filter stays with the sort.
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(tag);

  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain(`q=${tag}`);
  expect(href).toContain('sort=customer');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toContain('text/csv');
  const lines = (await res.text()).replace(/^\ufeff/, '').trim().split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0].startsWith('reference,created_at,')).toBe(true);
  expect(lines[1]).toContain(`Zebra${tag}`);
  expect(lines[2]).toContain(`Aardvark${tag}`);
  // Bangkok wall-clock time, as the list's date filters are Bangkok days.
  const bangkokNow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  expect(lines[1]).toMatch(new RegExp(`,${bangkokNow} \\d{2}:\\d{2}:\\d{2},`));
});

test('on a 1366 × 768 laptop the bookings list shows every column, in English and Thai, long addresses wrapped', async ({ page }) => {
  // A long address without hyphens: the contact column must wrap it, not push the last column off the screen.
  const email = `averyveryverylongcustomeraddress${Date.now()}@phuketexamplecompanydomain.co.th`;
  await bookBankTransferAtCheckout(page, { email });

  await page.setViewportSize({ width: 1366, height: 768 });
  await signInStaff(page);
  for (const lang of ['en', 'th'] as const) {
    await page.context().addCookies([{ name: 'ADMIN_LOCALE', value: lang, url: page.url() }]);
    await page.goto('/admin/bookings');
    const table = page.getByRole('table');
    await expect(table.getByText(email)).toBeVisible();
    // The last column (Created) is on the screen, whole: nothing cut, nothing to scroll to.
    const last = table.getByRole('columnheader').last();
    const box = (await last.boundingBox())!;
    expect(box.x + box.width, `last column in ${lang}`).toBeLessThanOrEqual(1366);
    await expect(last).toBeInViewport({ ratio: 1 });
    const scroll = await table.evaluate((t) => ({ box: t.parentElement!.clientWidth, table: t.scrollWidth, page: document.documentElement.scrollWidth }));
    expect(scroll.table, `table wider than its box in ${lang}`).toBeLessThanOrEqual(scroll.box);
    expect(scroll.page).toBeLessThanOrEqual(1366);
  }
});

test('units sort by number, keep the view in the address and export the same rows; the menu marks Units', async ({ page }) => {
  await signInStaff(page);
  // The seeded small units S-01… : a filter other specs do not change (they add no S-0x unit).
  await page.goto('/admin/units?q=S-0');
  await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Units', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Bookings', exact: true })).not.toHaveAttribute('aria-current', 'page');
  const numbers = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[0]?.textContent ?? '').trim()));

  const header = page.getByRole('columnheader', { name: 'Unit number' });
  await header.getByRole('link').click();
  await expect(page).toHaveURL(/q=S-0&sort=number&dir=asc/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await numbers();
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending.every((n) => n.startsWith('S-0'))).toBe(true);
  expect(ascending).toEqual([...ascending].sort());

  await header.getByRole('link').click();
  await expect(page).toHaveURL(/sort=number&dir=desc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = await numbers();
  expect(descending).toEqual([...ascending].reverse());
  await expect(page.getByLabel('Find', { exact: true })).toHaveValue('S-0');

  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toContain('text/csv');
  const lines = (await res.text()).replace(/^\ufeff/, '').trim().split('\n');
  expect(lines[0]).toBe('number,unit_type,unit_type_name,state,booking_reference,retired_at,created_at');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(descending);
});

test('promo codes sort by code, filter by the Active switch and export only those rows', async ({ page }) => {
  await signInStaff(page);
  await page.goto('/admin/promo-codes');
  const tag = `E${Date.now().toString(36).toUpperCase()}`;
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create code' }) });
  for (const [code, active] of [[`${tag}A`, true], [`${tag}B`, false]] as const) {
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Value').fill('5');
    await form.getByLabel('Description (English)').fill(`Test ${code}`);
    await form.getByLabel('Active').setChecked(active);
    await form.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText('Promo code created.')).toBeVisible();
    await page.goto('/admin/promo-codes');
  }

  await page.goto(`/admin/promo-codes?q=${tag}`);
  const codes = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[0]?.textContent ?? '').trim()));
  const header = page.getByRole('columnheader', { name: 'Code' });
  await header.getByRole('link').click();
  await expect(page).toHaveURL(/sort=code&dir=asc/);
  expect(await codes()).toEqual([`${tag}A`, `${tag}B`]);
  await header.getByRole('link').click();
  await expect(page).toHaveURL(/sort=code&dir=desc/);
  expect(await codes()).toEqual([`${tag}B`, `${tag}A`]);

  await page.getByRole('search').getByLabel('Active').selectOption('no');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/active=no/);
  await expect(page).toHaveURL(/sort=code/);
  expect(await codes()).toEqual([`${tag}B`]);
  const res = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  const lines = (await res.text()).replace(/^\ufeff/, '').trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1].startsWith(`${tag}B,no,percentage,5,`)).toBe(true);
});

test('two-factor set-up shows a QR code next to the key', async ({ page, browser }) => {
  // A staff account of its own, so the seeded admin stays as the other specs expect it.
  await signInStaff(page);
  await page.goto('/admin/staff');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create account' }) });
  const staff = { email: `twofa-${Date.now()}@example.test`, password: 'staff-password-456' };
  await form.getByLabel('Email').fill(staff.email);
  await form.getByLabel('First password').fill(staff.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Account created.')).toBeVisible();

  const context = await browser.newContext();
  const me = await context.newPage();
  await signInStaff(me, staff);
  await me.goto('/admin/account');
  await me.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(me.getByRole('img', { name: 'QR code to add two-factor sign-in to an authenticator app' })).toBeVisible();
  await expect(me.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{16,}$/);
  await context.close();
});
