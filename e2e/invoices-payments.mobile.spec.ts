import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueSlip } from '../test/fixtures/files';

// Money after the booking, on a phone: book through /checkout, then pay each month's invoice from the link in its
// email by another method (crypto, PromptPay QR, bank transfer, PromptPay and card through Stripe's test double).
test.describe.configure({ mode: 'serial' });

const RESEND = `http://127.0.0.1:${process.env.FAKE_RESEND_PORT ?? 3192}`;
const CRON = 'Bearer e2e-cron-secret-0123456789';
const EMAIL = `payer-${Date.now()}@example.com`;
const EMAIL2 = `second-${Date.now()}@example.com`;

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
  // The invoice emails are queued with their invoices; the `retry-emails` job delivers them (every 2 minutes in
  // production): run it now rather than wait for its schedule.
  expect((await request.post('/api/cron/retry-emails', { headers: { authorization: CRON } })).status()).toBe(200);
}

/** The pay link in the newest invoice email to the payer. */
async function payLinkFromEmail(request: APIRequestContext, seen: number, to = EMAIL): Promise<string> {
  await expect.poll(async () => (await (await request.get(`${RESEND}/__emails`)).json()).filter((e: { to: string; subject: string }) => e.to === to && e.subject.startsWith('Invoice ')).length).toBeGreaterThan(seen);
  const emails = (await (await request.get(`${RESEND}/__emails`)).json()) as { to: string; subject: string; html: string }[];
  const mail = emails.filter((e) => e.to === to && e.subject.startsWith('Invoice ')).at(-1)!;
  const href = /href="([^"]*\/pay-invoice\/[^"]+)"/.exec(mail.html)![1].replaceAll('&amp;', '&');
  return new URL(href).pathname + new URL(href).search;
}

async function fillCheckout(page: Page, email = EMAIL) {
  await page.getByLabel('First name').fill('Pavel');
  await page.getByLabel('Last name').fill('Payer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  await page.getByLabel('Address').fill('12 Beach Road, Kamala, Phuket');
  await page.getByRole('radio', { name: /^PromptPay/ }).check();
  const agreement = page.getByRole('document', { name: 'Rental agreement text' });
  await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill('Pavel Payer');
}

let start = '';
let seen = 0;

test('books through the one-page checkout and pays with PromptPay at Stripe', async ({ page }) => {
  await page.goto('/checkout?unit=s&term=m2m');
  await expect(page.getByRole('heading', { name: 'Order summary (proforma)' })).toBeVisible();
  await expect(page.getByText('Total due today')).toBeVisible();
  const submit = page.getByRole('button', { name: /^Book and pay/ });
  await expect(submit).toBeDisabled();
  await fillCheckout(page);
  start = await page.getByLabel('Move-in date').inputValue();
  expect(start).toBe(bangkokToday());
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Method: promptpay')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  // Back from Stripe on the booking's confirmation page.
  await expect(page.getByTestId('booking-reference')).toHaveText(/^BF2-[0-9A-Z]{8}$/);
});

test('pays the next invoice with crypto from the emailed link', async ({ page, request }) => {
  await runBilling(request, issueDay(start, 1));
  const link = await payLinkFromEmail(request, seen++);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /^Pay invoice INV-\d{4}-\d{6}$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Pay with crypto' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with crypto' })).toBeVisible();
  await expect(page.getByText(/\d+\.\d{2} USDT/)).toBeVisible();
  await expect(page.getByText(/\d+\.\d{8} BTC/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Copy the Bitcoin wallet address/ })).toBeVisible();
  await page.getByLabel('Choose a file').setInputFiles({ name: 'tx.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await expect(page.getByText('tx.png uploaded')).toBeVisible();
  await page.getByRole('button', { name: "I've sent the payment" }).click();
  await expect(page.getByText("We'll check your payment and email your receipt.")).toBeVisible();
});

test('pays the next invoice by the PromptPay QR with the exact amount and a slip', async ({ page, request }) => {
  await runBilling(request, issueDay(start, 2));
  await page.goto(await payLinkFromEmail(request, seen++));
  const amount = await page.getByTestId('amount-due').textContent();
  await page.getByRole('link', { name: 'PromptPay QR code (no fees)' }).click();
  const qr = page.getByRole('img', { name: `PromptPay QR code for ${amount}` });
  await expect(qr).toBeVisible();
  const payload = await qr.getAttribute('data-payload');
  const baht = amount!.replace(/[฿,]/g, '');
  expect(payload).toContain(`54${String(`${baht}.00`.length).padStart(2, '0')}${baht}.00`);
  await page.getByLabel('Choose a file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Please select a valid image (JPG, PNG, GIF) or PDF file')).toBeVisible();
  await page.getByLabel('Choose a file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await page.getByRole('button', { name: "I've sent the payment" }).click();
  await expect(page.getByText('Thank you!')).toBeVisible();
});

test('pays the next invoice by bank transfer with the details from the settings', async ({ page, request }) => {
  await runBilling(request, issueDay(start, 3));
  await page.goto(await payLinkFromEmail(request, seen++));
  await page.getByRole('link', { name: 'Show the bank details' }).click();
  await expect(page.getByText('Kasikornbank')).toBeVisible();
  await expect(page.getByText('123-4-56789-0')).toBeVisible();
  await page.getByRole('button', { name: "I've sent the payment" }).click();
  await expect(page.getByText("We'll check your payment and email your receipt.")).toBeVisible();
});

test('another customer pays one invoice with PromptPay, then the next by card, at Stripe', async ({ page, request }) => {
  // A fresh rental: unpaid slips of the first customer are still waiting for staff, and their arrears would go on.
  await page.goto('/checkout?unit=m&term=m2m');
  await fillCheckout(page, EMAIL2);
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  let seen2 = 0;
  for (const [k, method] of [[1, 'Pay with PromptPay'], [2, 'Pay by card']] as const) {
    await runBilling(request, issueDay(start, k));
    await page.goto(await payLinkFromEmail(request, seen2++, EMAIL2));
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('button', { name: method }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expect(page.getByText(`Invoice ${heading!.replace('Pay invoice ', '')} is paid`)).toBeVisible();
  }
  // The receipt opens from the success page, and without its signature the same address shows nothing.
  await page.getByRole('link', { name: 'View the receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  const res = await page.goto(new URL(page.url()).pathname);
  expect(res?.status()).toBe(404);
});

test('the test pages are not served in production', async ({ request }) => {
  for (const p of ['/test', '/promptpay-demo', '/test-payment-urls', '/payment-method-test', '/mobile-booking-test']) {
    expect((await request.get(p)).status(), p).toBe(404);
  }
});
