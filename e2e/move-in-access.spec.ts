import { expect, test } from '@playwright/test';
import { gateRefusals, signInStaff, waitForEmail, waitForGate } from './admin-helpers';
import { bookAndPay, phone, portalLink } from './access-helpers';
import { uniqueSlip } from '../test/fixtures/files';

// Identity before access (docs/product-rules.md#identity-and-gate-access): a tenant pays, uploads an ID from the
// portal on a phone, staff verify it, and the site's gate PIN appears in the portal and arrives by email; the
// gate controller receives the grant with it, signed (the list staff key in by hand when no controller is configured is
// covered by lib/gate/gate-access.integration.test.ts). Another tenant's page never holds the PIN.
test.describe.configure({ mode: 'serial' });

const EMAIL = `gatepin-${Date.now()}@example.com`;
const OTHER = `neighbour-${Date.now()}@example.com`;
let reference = '';
let portalUrl = '';
let pin = '';

test('a tenant books and pays the first month', async ({ page, request }) => {
  reference = await bookAndPay(page, EMAIL, ['Mali', 'Gatekeeper']);
  portalUrl = await portalLink(request, EMAIL, reference);
});

test('on a phone, the tenant uploads a passport from the portal; no PIN before the check', async ({ browser }) => {
  const { context, page } = await phone(browser);
  // The card payment confirms the booking (webhook): the portal shows the unit and the gate PIN row once it has.
  await expect(async () => {
    await page.goto(portalUrl);
    await expect(page.getByText('Your gate PIN appears here once we have verified your identity.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Identity check' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'Passport' });
  await page.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await page.getByRole('button', { name: 'Upload document' }).click();
  // The page refreshes: the form gives way to the document being checked (and stays so after a reload).
  await expect(page.getByText('We are checking your document.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload document' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('We are checking your document.')).toBeVisible();
  await expect(page.getByText(/^Passport · Being checked · /)).toBeVisible();
  await context.close();
});

test('staff verify the passport; the PIN is hidden until asked for, and the gate controller receives the grant', async ({ page, request }) => {
  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/admin\/booking-review\//);
  await expect(page.getByRole('img', { name: 'passport.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify identity' }).click();
  await expect(page.getByRole('status')).toHaveText('Identity verified. The customer is emailed.');
  await expect(page.getByText('Hidden (each view is recorded in the audit log)')).toBeVisible();
  await page.getByRole('button', { name: 'Show PIN' }).click();
  pin = (await page.getByTestId('staff-gate-pin').textContent()) ?? '';
  expect(pin).toMatch(/^\d{6}$/);

  // A controller is configured: the grant's gate.push task sends it the grant with the PIN; nothing waits for staff to key in.
  const grants = await waitForGate(request, reference, (changes) => changes.some((c) => c.action === 'grant'));
  expect(grants.map((c) => c.action)).toEqual(['grant']);
  expect(grants[0].pin).toBe(pin);
  expect(grants[0].idempotencyKey).toBe(grants[0].id);
  expect(await gateRefusals(request)).toEqual([]);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gate changes to key in by hand' })).toHaveCount(0);
});

test('the PIN appears in the portal and arrives by email; another tenant never sees it', async ({ browser, request }) => {
  const mail = await waitForEmail(request, EMAIL, (e) => e.subject === `Your gate PIN for booking ${reference}`);
  expect(mail.html).toContain(pin);
  const { context, page } = await phone(browser);
  await page.goto(portalUrl);
  await expect(page.getByTestId('gate-pin')).toHaveText(pin);
  await expect(page.getByText('Your identity is verified.')).toBeVisible();
  await context.close();

  const neighbour = await bookAndPay(await (await browser.newContext()).newPage(), OTHER, ['Niran', 'Neighbour']);
  const html = await (await request.get(await portalLink(request, OTHER, neighbour))).text();
  expect(html).toContain(neighbour);
  expect(html).not.toContain(pin);
});

test('staff move the tenant in, add a move-out photo, and the deposit deduction points at it', async ({ page, browser }) => {
  page.on('dialog', (d) => void d.accept());
  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/admin\/booking-review\//);
  // Moving in before the booked day asks for a reason (issue 37); whether today is before it depends on the hour the
  // spec runs (the wizard's first date is Bangkok's today or tomorrow), so the reason is given when it is asked.
  await expect(page.getByRole('button', { name: 'Move in', exact: true })).toBeVisible();
  const reason = page.getByLabel('Reason for moving in now');
  if (await reason.count()) await reason.fill('Customer arrived a day early');
  await page.getByRole('button', { name: 'Move in', exact: true }).click();
  await expect(page.getByRole('status').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'When' }).selectOption({ label: 'Move-out' });
  await page.getByLabel(/^Photo/).setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await page.getByLabel('Note on the photo').fill('Scratch on the roller door');
  await page.getByRole('button', { name: 'Add photo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Photo added.' })).toBeVisible();
  await expect(page.getByRole('img', { name: '#1 Move-out Scratch on the roller door' })).toBeVisible();

  await page.getByLabel('#1 Move-out: Scratch on the roller door').check();
  await page.getByLabel(/^Fees kept from the deposit/).fill('1');
  await page.getByLabel('What the fees are for').fill('Scratch on the roller door');
  await page.getByRole('button', { name: 'End rental' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Scratch on the roller door' }).getByRole('link', { name: '#1' })).toBeVisible();

  // The tenant sees the same photo, and the deposit refund that refers to it.
  const { context, page: tenant } = await phone(browser);
  await tenant.goto(portalUrl);
  await expect(tenant.getByRole('img', { name: '#1 Move-out' })).toBeVisible();
  await expect(tenant.getByText(/Photos: #1/)).toBeVisible();
  await context.close();
});
