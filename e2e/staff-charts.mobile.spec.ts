import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookBankTransferAtCheckout } from './fixtures/checkout';
import { signInStaff } from './admin-helpers';
import th from '../messages/th.json' with { type: 'json' };

// The dashboard's charts on a phone draw the numbers of the tables beside them (issue 37): occupancy this month is
// the occupancy table's figure, the arrears axis reads in baht (never "0 0 0 0 0"), the waiting-list chart counts the
// people the list holds (confirmed or not yet). The Thai admin reads words and Buddhist-era dates. Screenshots of the
// charts go to /tmp/staff-shots for a person to look at (docs/product-rules.md#dashboard-trends-and-rate-suggestions).

const SHOTS = '/tmp/staff-shots';

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** The rows of a figure's number table: its first cell (the row's label) and the others. */
async function tableRows(figure: Locator) {
  const rows = figure.getByRole('table').locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).getByRole('cell').allTextContents()).map((c) => c.trim()));
  return out;
}

/** The values a series draws (each bar or dot carries the number it draws). */
const drawn = async (figure: Locator, series: number) => (await figure.locator(`svg g[data-series="${series}"] [data-value]`).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value')))));

test('the charts draw their tables, in English and in the Thai admin', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A small unit held for a bank transfer (its unit is reserved; booked on the one-page checkout,
  // e2e/fixtures/checkout.ts, as the subject is the charts, not the wizard), and someone on the XXL waiting list who has
  // not confirmed their email yet.
  const reference = await bookBankTransferAtCheckout(page, { email: `charts-${Date.now()}@example.com` });

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.locator('#units article[data-unit="xxl"]').getByRole('button', { name: 'Notify Me' }).click();
  const dialog = visitor.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Anna Waiting');
  await dialog.getByLabel('Email').fill(`charts-wl-${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(visitor.getByRole('status').getByText('Successfully Added to Waiting List!')).toBeVisible();
  await visitor.close();

  await signInStaff(page);
  await expectNoSidewaysScroll(page);

  // Occupancy: this month's row is the occupancy table's last column, type by type, and the dots draw it.
  const occupancy = page.getByRole('figure', { name: 'Occupancy per unit type, last 12 months' });
  const head = (await occupancy.getByRole('table').locator('thead th').allTextContents()).map((h) => h.trim());
  const thisMonth = (await tableRows(occupancy)).at(-1)!;
  const byType = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Occupancy by unit type' }) });
  const small = head.findIndex((h) => /^Small/.test(h));
  expect(small).toBeGreaterThan(0);
  for (let col = 1; col < head.length; col++) {
    const row = byType.getByRole('row').filter({ has: page.getByRole('cell', { name: head[col], exact: true }) });
    await expect(row.getByRole('cell').last()).toHaveText(thisMonth[col]);
    expect((await drawn(occupancy, col - 1)).at(-1)).toBe(Number(thisMonth[col].replace('%', '')));
  }
  expect(Number(thisMonth[small].replace('%', ''))).toBeGreaterThan(0);
  await occupancy.scrollIntoViewIfNeeded();
  await occupancy.screenshot({ path: `${SHOTS}/charts-1-occupancy.png` });

  // Arrears: the axis reads in baht, each tick its own label; the bars draw the table's amounts.
  const arrears = page.getByRole('figure', { name: 'Arrears by age' });
  const ticks = await arrears.locator('svg g[data-axis="y"] text').allTextContents();
  expect(new Set(ticks).size).toBe(ticks.length);
  for (const t of ticks) expect(t).toMatch(/^฿/);
  const owed = (await tableRows(arrears)).map((r) => Math.round(Number(r[1].replace(/[฿,]/g, ''))));
  expect(await drawn(arrears, 0)).toEqual(owed);
  await arrears.scrollIntoViewIfNeeded();
  await arrears.screenshot({ path: `${SHOTS}/charts-2-arrears.png` });

  // Waiting list: both counts drawn as the table says, and the dashboard's waiting card holds the same numbers.
  const waiting = page.getByRole('figure', { name: 'Waiting-list demand per type' });
  const rows = await tableRows(waiting);
  expect(await drawn(waiting, 0)).toEqual(rows.map((r) => Number(r[1])));
  expect(await drawn(waiting, 1)).toEqual(rows.map((r) => Number(r[2])));
  const xxl = rows.find((r) => /^Extra Extra Large|XXL/i.test(r[0])) ?? rows.find((r) => Number(r[2]) > 0)!;
  expect(Number(xxl[2])).toBeGreaterThanOrEqual(1);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Waiting-list demand', exact: true }) });
  await expect(card.getByRole('row').filter({ has: page.getByRole('cell', { name: xxl[0], exact: true }) }).getByRole('cell').nth(2)).toHaveText(xxl[2]);
  await waiting.scrollIntoViewIfNeeded();
  await waiting.screenshot({ path: `${SHOTS}/charts-3-waiting.png` });
  await expectNoSidewaysScroll(page);

  // The Thai admin: months and dates in the Buddhist era, words for methods, no raw codes.
  await page.context().addCookies([{ name: 'ADMIN_LOCALE', value: 'th', url: page.url() }]);
  await page.reload();
  const be = new Date().getUTCFullYear() + 543;
  const thaiOccupancy = page.getByRole('figure').first();
  const months = (await tableRows(thaiOccupancy)).map((r) => r[0]);
  expect(months.at(-1)).toMatch(new RegExp(`${String(be).slice(2)}$`));
  await thaiOccupancy.scrollIntoViewIfNeeded();
  await thaiOccupancy.screenshot({ path: `${SHOTS}/charts-4-occupancy-thai.png` });
  await page.goto(`/admin/search?q=${reference}`);
  await page.getByRole('link', { name: reference }).first().click();
  await page.waitForURL(/\/admin\/booking-review\//);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  // Everything staff read on the review, up to the signed agreement (the customer's own document, quoted as signed).
  const body = (await page.locator('main').innerText()).split(th.admin.review.agreement)[0];
  for (const code of ['bank_transfer', 'booking_confirmation', 'pending_bank_transfer', 'staff_new_booking']) expect(body).not.toContain(code);
  expect(body).toContain(String(be));
  // (a document number's series, INV-2026-…, is a number, not a date)
  expect(body).not.toMatch(new RegExp(`(?<!INV-|CN-)\\b${be - 543}\\b`));
  await page.screenshot({ path: `${SHOTS}/charts-5-review-thai.png` });
});
