import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueSlip } from '../test/fixtures/files';
import { gateRefusals, signInStaff, waitForEmail, waitForGate } from './admin-helpers';
import { bookAndPay, phone, portalLink } from './access-helpers';

// Access follows the account (docs/product-rules.md#identity-and-gate-access, #invoices-billing-and-delinquency): a
// verified tenant's month two goes unpaid; on day 11 after its due date the billing job suspends access, the gate
// controller receives a signed "suspend" and the portal hides the PIN; staff record the payment at the counter, the
// controller receives "restore" with the PIN and the portal shows it again.
test.describe.configure({ mode: 'serial' });

const CRON = 'Bearer e2e-cron-secret-0123456789';
const EMAIL = `suspended-${Date.now()}@example.com`;
let reference = '';
let portalUrl = '';
let pin = '';
let start = '';
let invoiceNumber = '';

const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
/** Noon in Bangkok `days` after month two's due date (the move-in day a month on). */
const afterDue = (days: number) => new Date(Date.parse(`${addMonths(start, 1)}T12:00:00+07:00`) + days * 86_400_000).toISOString();

async function runBilling(request: APIRequestContext, now: string) {
  const res = await request.post(`/api/cron/billing?now=${encodeURIComponent(now)}`, { headers: { authorization: CRON } });
  expect(res.status()).toBe(200);
  // The invoice emails are queued with their invoices; the task worker delivers them (the `tasks` job every minute in
  // production): run it now rather than wait for its schedule.
  expect((await request.post('/api/cron/tasks', { headers: { authorization: CRON } })).status()).toBe(200);
}

test('a tenant pays the first month and staff verify the passport: the gate controller receives the grant', async ({ page, browser, request }) => {
  start = bangkokToday();
  reference = await bookAndPay(page, EMAIL, ['Somchai', 'Latepayer']);
  portalUrl = await portalLink(request, EMAIL, reference);

  const { context, page: tenant } = await phone(browser);
  await expect(async () => {
    await tenant.goto(portalUrl);
    await expect(tenant.getByText('Your gate PIN appears here once we have verified your identity.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await tenant.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'Passport' });
  await tenant.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await tenant.getByRole('button', { name: 'Upload document' }).click();
  await expect(tenant.getByText('We are checking your document.')).toBeVisible();
  await context.close();

  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/admin\/booking-review\//);
  await page.getByRole('button', { name: 'Verify identity' }).click();
  await expect(page.getByRole('status')).toHaveText('Identity verified. The customer is emailed.');
  await page.getByRole('button', { name: 'Show PIN' }).click();
  pin = (await page.getByTestId('staff-gate-pin').textContent()) ?? '';
  expect(pin).toMatch(/^\d{6}$/);

  const changes = await waitForGate(request, reference, (c) => c.length > 0);
  expect(changes).toMatchObject([{ action: 'grant', pin }]);
});

test('month two goes unpaid: nothing changes at the gate through the 10-day grace', async ({ page, request }) => {
  await runBilling(request, new Date(Date.parse(`${addMonths(start, 1)}T12:00:00+07:00`) - 7 * 86_400_000).toISOString());
  const invoiceMail = await waitForEmail(request, EMAIL, (e) => e.subject.startsWith('Invoice '));
  invoiceNumber = /INV-\d{4}-\d{6}/.exec(invoiceMail.subject)![0];
  await runBilling(request, afterDue(10));
  const run = await request.post('/api/cron/tasks', { headers: { authorization: CRON } });
  expect([200, 409]).toContain(run.status());
  const received = (await (await request.get(`http://127.0.0.1:${process.env.FAKE_GATE_PORT ?? 3195}/__received`)).json()) as { booking: string; action: string }[];
  expect(received.filter((c) => c.booking === reference).map((c) => c.action)).toEqual(['grant']);
  await page.goto(portalUrl);
  await expect(page.getByTestId('gate-pin')).toHaveText(pin);
});

test('day 11: access is suspended, the gate controller receives a signed suspend, and the portal hides the PIN', async ({ page, request }) => {
  await runBilling(request, afterDue(11));
  const changes = await waitForGate(request, reference, (c) => c.some((x) => x.action === 'suspend'));
  expect(changes.map((c) => c.action)).toEqual(['grant', 'suspend']);
  // A suspension carries no PIN; the fake controller accepts only correctly signed requests.
  expect(changes[1].pin).toBeUndefined();
  expect(changes[1].idempotencyKey).toBe(changes[1].id);
  expect(await gateRefusals(request)).toEqual([]);

  await page.goto(portalUrl);
  await expect(page.getByText('Hidden while access is suspended')).toBeVisible();
  await expect(page.getByTestId('gate-pin')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toContain(pin);
});

test('staff record the overdue payment at the counter: the gate controller receives restore, the portal shows the PIN', async ({ page, browser, request }) => {
  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/admin\/booking-review\//);
  // The invoice is linked from the counter card and from the invoice list: either opens it.
  await page.getByRole('link', { name: invoiceNumber }).first().click();
  await expect(page.getByRole('heading', { name: 'Record a payment received' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Record payment' }).click();
  // Paid in full: the invoice closes (the form gives way) and lists the cash payment.
  await expect(page.getByText('This invoice is not open: nothing more can be recorded against it.')).toBeVisible();
  await expect(page.getByTestId('still-due')).toHaveText('Still due: ฿0');
  await expect(page.getByRole('listitem').filter({ hasText: /^Cash · Paid · ฿/ })).toBeVisible();

  const changes = await waitForGate(request, reference, (c) => c.some((x) => x.action === 'restore'));
  expect(changes.map((c) => c.action)).toEqual(['grant', 'suspend', 'restore']);
  expect(changes[2].pin).toBe(pin);
  expect(await gateRefusals(request)).toEqual([]);

  const { context, page: tenant } = await phone(browser);
  await tenant.goto(portalUrl);
  await expect(tenant.getByTestId('gate-pin')).toHaveText(pin);
  await expect(tenant.getByText('Hidden while access is suspended')).toHaveCount(0);
  await context.close();
});
