import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/wizard';
import { signInStaff } from './admin-helpers';
import { uniqueSlip } from '../test/fixtures/files';

// The dashboard's trends on a phone (Pixel 7): five charts, each with its numbers as a table, no sideways scroll; a
// type that fills up gets a suggested list price, and applying it announces the new rate to its tenant. It uses the
// Drive-Up Unit, Large (m1), whose availability and price no other spec reads, and puts its units and price back.

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

const TYPE = 'Drive-Up Unit, Large';
const SEEDED_PRICE = '9500';

const CHARTS = [
  'Occupancy per unit type, last 12 months',
  'Revenue by month against the year before',
  'Arrears by age',
  'Conversion: wizard start → booking → move-in',
  'Waiting-list demand per type',
];

test('the trends on a phone, and a suggested list price applied with its notice', async ({ page, wizard }) => {
  test.setTimeout(180_000);
  // The type has 6 of 8 units free: one is booked and paid by a verified slip, the others are retired.
  const stamp = Date.now().toString(36);
  await wizard.bookUntilPayment({ unit: 'm1', email: `trend-paid-${stamp}@example.com`, method: 'bank_transfer' });
  await page.getByLabel('Choose file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await expect(page.getByText('Proof uploaded: slip.png')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await wizard.submit();
  await expect(wizard.booked()).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();

  await signInStaff(page);
  // Retiring a unit and sending the rent notice both ask for confirmation.
  page.on('dialog', (d) => void d.accept());
  try {
    await page.goto('/admin/units?type=m1&state=available');
    const retire = page.getByRole('button', { name: 'Retire' });
    for (let left = await retire.count(); left > 0; left--) {
      await retire.first().click();
      await expect(retire).toHaveCount(left - 1);
      // The button reads "Working…" until the server has answered: wait for that, or the next page aborts it.
      await expect(page.getByRole('button', { name: 'Working…' })).toHaveCount(0);
    }

    await page.goto(`/admin/search?q=${reference}`);
    await page.getByRole('link', { name: reference }).first().click();
    await page.getByRole('button', { name: 'Verify payment' }).click();
    await expect(page.getByText('Payment verified; booking confirmed.').first()).toBeVisible();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Trends' })).toBeVisible();
    for (const title of CHARTS) {
      const figure = page.getByRole('figure', { name: title });
      await expect(figure.locator('svg')).toBeVisible();
      await expect(figure.getByRole('table')).toBeVisible();
    }
    // This month's row of the conversion counts the wizard opened above and the booking it made.
    const thisMonth = page.getByRole('figure', { name: CHARTS[3] }).getByRole('table').getByRole('row').last();
    expect(Number(await thisMonth.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await thisMonth.getByRole('cell').nth(2).textContent())).toBeGreaterThanOrEqual(1);
    // Every unit type appears in the waiting-list table.
    await expect(page.getByRole('figure', { name: CHARTS[4] }).getByRole('cell', { name: TYPE, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The type is full now: a higher list price is suggested, with its reason.
    const large = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TYPE, level: 3, exact: true }) });
    await expect(large.getByText('occupancy 100%')).toBeVisible();
    const suggested = (await large.getByText(/^Suggested list price: /).textContent())!.replace('Suggested list price: ', '');
    await expect(large.getByText(/Nearly every unit is rented/)).toBeVisible();
    await large.getByRole('button', { name: `Apply for ${TYPE}` }).click();

    // One step: the unit type's page shows the new list price and the tenant told about it, with a date 30+ days away.
    await expect(page).toHaveURL(/\/admin\/unit-types\/m1$/);
    await expect(page.getByText(`list price of ${suggested}`)).toBeVisible();
    const announced = page.getByRole('row').filter({ hasText: reference });
    await expect(announced).toBeVisible();
    await expect(announced.getByRole('cell', { name: suggested })).toBeVisible();
    await expectNoSidewaysScroll(page);
  } finally {
    // The e2e suite shares one database: the seeded price comes back (confirming again withdraws the announced change)
    // and the retired units go back in service, even when a step above failed.
    await page.goto('/admin/unit-types/m1');
    await page.getByLabel('List price per month (THB)').fill(SEEDED_PRICE);
    await page.getByRole('button', { name: 'Save unit type' }).click();
    await expect(page.getByText('Saved. The public site shows the change on the next page load.')).toBeVisible();
    await page.reload();
    const withdraw = page.getByRole('button', { name: /^Send the notice to \d+ tenants$/ });
    if (await withdraw.isVisible()) {
      await withdraw.click();
      await expect(withdraw).toHaveCount(0);
    }
    await page.goto('/admin/units?type=m1&state=retired');
    const back = page.getByRole('button', { name: 'Back in service' });
    for (let left = await back.count(); left > 0; left--) {
      await back.first().click();
      await expect(back).toHaveCount(left - 1);
      // The button reads "Working…" until the server has answered: wait for that, or the next page aborts it.
      await expect(page.getByRole('button', { name: 'Working…' })).toHaveCount(0);
    }
  }
});
