import { signInStaff } from './admin-helpers';
import { bookAndPay, phone, portalLink } from './access-helpers';
import type { APIResponse, Page } from '@playwright/test';
import { expect, test, Wizard } from './fixtures/wizard';
import { uniqueSlip } from '../test/fixtures/files';

/**
 * Uploaded files are served with their own policy (docs/product-rules.md#security-headers): a payment slip, an
 * identity document and a condition photo each come with `sandbox` and `default-src 'none'` (no script can run in
 * them, even a crafted file opened on its own), and that policy is the only one: nothing in front of the route (the
 * server, proxy.ts, next.config.ts, the reverse proxy) sets one first or adds a page policy beside it.
 */
test.describe.configure({ mode: 'serial' });

const TENANT = `files-tenant-${Date.now()}@example.com`;
const TRANSFER = `files-transfer-${Date.now()}@example.com`;

/** The policies a response carries: every Content-Security-Policy header, each one a policy the browser enforces. */
const policies = (res: APIResponse) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'content-security-policy')
    .map((h) => h.value);

async function expectOwnSandboxPolicy(page: Page, src: string | null) {
  expect(src).toBeTruthy();
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  const [policy, ...more] = policies(res);
  expect(more, `one policy only for ${src}`).toEqual([]);
  expect(policy).toContain('sandbox');
  expect(policy).toContain("default-src 'none'");
  expect(policy).not.toMatch(/script-src|nonce-|unsafe-inline'? ?[^;]*script/);
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
}

test('a tenant who paid uploads an identity document and a move-in photo from the portal', async ({ page, request, browser }) => {
  const reference = await bookAndPay(page, TENANT, ['Suda', 'Sandbox']);
  const portal = await portalLink(request, TENANT, reference);
  const { context, page: tenant } = await phone(browser);
  // The payment confirms the booking (webhook): the portal offers the identity check once it has.
  await expect(async () => {
    await tenant.goto(portal);
    await expect(tenant.getByRole('heading', { name: 'Identity check' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await tenant.getByRole('combobox', { name: 'Document' }).selectOption({ label: 'Passport' });
  await tenant.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await tenant.getByRole('button', { name: 'Upload document' }).click();
  await expect(tenant.getByText('We are checking your document.')).toBeVisible();
  await tenant.locator('section', { hasText: 'Condition photos' }).locator('input[type=file]').setInputFiles({ name: 'unit.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await tenant.getByRole('button', { name: 'Add photo' }).click();
  await expect(tenant.getByText('Photo added.')).toBeVisible();

  // The tenant's own view of the photo carries the same single policy.
  await tenant.reload();
  await expectOwnSandboxPolicy(tenant, await tenant.locator('img[src*="/api/condition-photos/"]').first().getAttribute('src'));
  await context.close();

  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/admin\/booking-review\//);
  await expect(page.getByRole('img', { name: 'passport.png' })).toBeVisible();
  await expectOwnSandboxPolicy(page, await page.getByRole('img', { name: 'passport.png' }).getAttribute('src'));
  await expectOwnSandboxPolicy(page, await page.locator('img[src*="/api/condition-photos/"]').first().getAttribute('src'));
});

test('a payment slip uploaded in the wizard reaches staff with its own policy', async ({ page, browser }) => {
  const wizard = new Wizard(page);
  await wizard.bookUntilPayment({ term: '3m', email: TRANSFER, method: 'bank_transfer', day: 2 });
  await page.getByLabel('Choose file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await expect(page.getByText('Proof uploaded: slip.png')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await wizard.submit();
  await expect(wizard.booked()).toBeVisible({ timeout: 30_000 });

  const staff = await (await browser.newContext()).newPage();
  await signInStaff(staff);
  await staff.goto(`/admin/bookings?q=${encodeURIComponent(TRANSFER)}`);
  await staff.getByRole('link', { name: /^BF2-/ }).first().click();
  await staff.waitForURL(/\/admin\/booking-review\//);
  await expect(staff.getByRole('img', { name: 'slip.png' })).toBeVisible();
  await expectOwnSandboxPolicy(staff, await staff.getByRole('img', { name: 'slip.png' }).getAttribute('src'));
  await staff.context().close();
});
