import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueSlip } from '../test/fixtures/files';
import { linkIn, signInStaff, waitForEmail } from './admin-helpers';

// A rental month after month (docs/product-rules.md#lifecycle): the month-two slip is verified by staff from the one
// payments queue and the portal shows it paid (its invoice links open); month two's slip sent again for month three is
// flagged in the queue; then the tenant gives notice and sees the move-out date.
test.describe.configure({ mode: 'serial' });

const RESEND = `http://127.0.0.1:${process.env.FAKE_RESEND_PORT ?? 3192}`;
const CRON = 'Bearer e2e-cron-secret-0123456789';
const EMAIL = `monthly-${Date.now()}@example.com`;

const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
/** Noon in Bangkok 7 days before the k-th month after the move-in date: when that month's invoice is issued. */
const issueDay = (start: string, k: number) => new Date(Date.parse(`${addMonths(start, k)}T12:00:00+07:00`) - 7 * 86_400_000).toISOString();

async function runBilling(request: APIRequestContext, now: string) {
  const res = await request.post(`/api/cron/billing?now=${encodeURIComponent(now)}`, { headers: { authorization: CRON } });
  expect(res.status()).toBe(200);
  // The invoice emails are queued with their invoices; the task worker delivers them (the `tasks` job every minute in
  // production): run it now rather than wait for its schedule.
  expect((await request.post('/api/cron/tasks', { headers: { authorization: CRON } })).status()).toBe(200);
}

async function fillCheckout(page: Page) {
  await page.getByLabel('First name').fill('Mona');
  await page.getByLabel('Last name').fill('Monthly');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  await page.getByLabel('Address').fill('3 Soi Bangla, Patong, Phuket');
  await page.getByRole('radio', { name: /^PromptPay/ }).check();
  const agreement = page.getByRole('document', { name: 'Rental agreement text' });
  await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill('Mona Monthly');
}

/** The invoice email's pay link, PromptPay QR, a slip uploaded and sent: what the tenant does each month. */
async function sendSlipFromInvoiceEmail(page: Page, html: string | undefined, name: string, slip: Buffer) {
  await page.goto(linkIn(html, /\/pay-invoice\//).replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('link', { name: 'PromptPay QR code (no fees)' }).click();
  // The picker works once the page is interactive (disabled in its server HTML until then): a file set before that
  // reaches no handler, and the payment would go to staff without its slip.
  await expect(page.getByLabel('Choose a file')).toBeEnabled();
  await page.getByLabel('Choose a file').setInputFiles({ name, mimeType: 'image/png', buffer: slip });
  await expect(page.getByText(`${name} uploaded`)).toBeVisible();
  await page.getByRole('button', { name: "I've sent the payment" }).click();
  await expect(page.getByText('Thank you!')).toBeVisible();
}

let start = '';
let reference = '';
let invoiceNumber = '';
let monthTwoSlip: Buffer | null = null;

test('a tenant books month to month and pays the first month at Stripe', async ({ page }) => {
  await page.goto('/checkout?unit=s&term=m2m');
  await fillCheckout(page);
  start = await page.getByLabel('Move-in date').inputValue();
  expect(start).toBe(bangkokToday());
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
  expect(reference).toMatch(/^BF2-/);
});

test('month two is paid by a PromptPay QR slip; staff verify it from the payments queue; the portal shows it paid', async ({ page, browser, request }) => {
  await runBilling(request, issueDay(start, 1));
  const invoiceMail = await waitForEmail(request, EMAIL, (e) => e.subject.startsWith('Invoice '));
  invoiceNumber = /INV-\d{4}-\d{6}/.exec(invoiceMail.subject)![0];
  monthTwoSlip = Buffer.from(await uniqueSlip());
  await sendSlipFromInvoiceEmail(page, invoiceMail.html, 'month-two.png', monthTwoSlip);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff);
  await staff.getByRole('link', { name: 'Payments to check' }).click();
  await expect(staff.getByRole('heading', { name: 'Payments to check' })).toBeVisible();
  const card = staff.locator('li').filter({ has: staff.getByRole('link', { name: invoiceNumber }) });
  await expect(card.getByRole('img', { name: 'month-two.png' })).toBeVisible();
  // Verifying asks for confirmation (issue 37).
  staff.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Verify payment' }).click();
  await expect(staff.getByText('Payment verified. The customer was emailed a receipt.')).toBeVisible();
  await staffContext.close();

  const receipt = await waitForEmail(request, EMAIL, (e) => e.subject.includes(invoiceNumber) && !e.subject.startsWith('Invoice '));
  expect(receipt.html).toContain('/invoice/');
  const confirmation = await waitForEmail(request, EMAIL, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
  await page.goto(linkIn(confirmation.html, new RegExp(`/my-booking/${reference}\\?token=`)).replace(/^https?:\/\/[^/]+/, ''));
  const row = page.getByRole('listitem').filter({ hasText: invoiceNumber });
  await expect(row).toContainText('Paid');
  // The portal's invoice link opens the receipt (it was a 404), with the paid date and the method.
  await row.getByRole('link', { name: 'View / PDF' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByText(/^Paid on /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments received' })).toBeVisible();
  await expect(page.getByText(/PromptPay · ฿/)).toBeVisible();
});

test("month three is sent with month two's slip again: staff see it flagged in the queue and reject it", async ({ page, browser, request }) => {
  await runBilling(request, issueDay(start, 2));
  const invoiceMail = await waitForEmail(request, EMAIL, (e) => e.subject.startsWith('Invoice ') && !e.subject.includes(invoiceNumber));
  const monthThree = /INV-\d{4}-\d{6}/.exec(invoiceMail.subject)![0];
  await sendSlipFromInvoiceEmail(page, invoiceMail.html, 'month-three.png', monthTwoSlip!);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff);
  await staff.goto('/admin/payments');
  const card = staff.locator('li').filter({ has: staff.getByRole('link', { name: monthThree }) });
  // The file is shown with, before it, the payment it was first sent for (issue 20: a warning when the same file was
  // already used on another payment).
  await expect(card.getByRole('img', { name: 'month-three.png' })).toBeVisible();
  const warning = card.getByRole('alert').filter({ hasText: 'Same file used on another payment' });
  await expect(warning).toContainText(invoiceNumber);
  await expect(warning.getByRole('link', { name: reference })).toBeVisible();
  await card.getByLabel('Reason for the customer').fill('This is the slip of last month');
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(staff.getByText('Payment rejected. The customer was emailed the reason.')).toBeVisible();
  await staffContext.close();
});

test('the tenant gives notice from the portal and sees the move-out date', async ({ page, request }) => {
  const confirmation = await waitForEmail(request, EMAIL, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
  await page.goto(linkIn(confirmation.html, new RegExp(`/my-booking/${reference}\\?token=`)).replace(/^https?:\/\/[^/]+/, ''));
  const outcome = await page.getByText(/^If you give notice today, your rental ends on /).textContent();
  const date = outcome!.replace('If you give notice today, your rental ends on ', '').replace(/\.$/, '');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Give notice' }).click();
  await expect(page.getByText(`Your rental ends on ${date}. Nothing is invoiced after that date.`)).toBeVisible();
  await page.reload();
  await expect(page.getByText('Move-out date')).toBeVisible();
  await expect(page.getByText(`Your rental ends on ${date}. Nothing is invoiced after that date.`)).toBeVisible();
  expect((await (await request.get(`${RESEND}/__emails`)).json()).length).toBeGreaterThan(0);
});
