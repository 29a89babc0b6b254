import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueSlip } from '../test/fixtures/files';
import { fill, LOCALES, msg, pathIn, pattern, type Locale } from './fixtures/locales';

// Money after the booking, on a phone, in English, Thai and Russian: book through /checkout, then pay each month's
// invoice from the link in its email by another method (crypto, PromptPay QR, bank transfer, PromptPay and card
// through Stripe's test double). Each language books its own rentals with its own addresses.

const RESEND = `http://127.0.0.1:${process.env.FAKE_RESEND_PORT ?? 3192}`;
const CRON = 'Bearer e2e-cron-secret-0123456789';

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

type Mail = { to: string; subject: string; html: string };
/** The invoice emails to `to` (the ones with a pay link), in the order sent. */
async function invoiceEmails(request: APIRequestContext, to: string): Promise<Mail[]> {
  return ((await (await request.get(`${RESEND}/__emails`)).json()) as Mail[]).filter((e) => e.to === to && /\/pay-invoice\//.test(e.html));
}

/** The pay link in the newest invoice email to the payer, in the payer's language. */
async function payLinkFromEmail(request: APIRequestContext, seen: number, to: string, locale: Locale): Promise<string> {
  await expect.poll(async () => (await invoiceEmails(request, to)).length).toBeGreaterThan(seen);
  const mail = (await invoiceEmails(request, to)).at(-1)!;
  const href = /href="([^"]*\/pay-invoice\/[^"]+)"/.exec(mail.html)![1].replaceAll('&amp;', '&');
  const url = new URL(href);
  expect(url.pathname.startsWith(pathIn(locale, '/pay-invoice/'))).toBe(true);
  return url.pathname + url.search;
}

async function fillCheckout(page: Page, locale: Locale, email: string) {
  const c = msg(locale).checkout;
  await page.getByLabel(c.firstName, { exact: true }).fill('Pavel');
  await page.getByLabel(c.lastName, { exact: true }).fill('Payer');
  await page.getByLabel(c.email, { exact: true }).fill(email);
  await page.getByLabel(c.phone, { exact: true }).fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  await page.getByLabel(c.address, { exact: true }).fill('12 Beach Road, Kamala, Phuket');
  await page.getByRole('radio', { name: new RegExp(`^${c.methods.promptpay}`) }).check();
  const agreement = page.getByRole('document', { name: c.agreementLabel });
  await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel(c.agree).check();
  await page.getByLabel(c.signature).fill('Pavel Payer');
}

// Each language's payer runs through their invoices in order, but the three languages are journeys of their own (their
// own customers, emails and rentals, billed by their own dates): they are shared out among the workers rather than run
// one after another in one.
test.describe.configure({ mode: 'parallel' });

for (const locale of LOCALES) {
test.describe(`paying invoices (${locale})`, () => {
test.describe.configure({ mode: 'serial' });
const m = msg(locale);
const p = m.payment;
const EMAIL = `payer-${locale}-${Date.now()}@example.com`;
const EMAIL2 = `second-${locale}-${Date.now()}@example.com`;
let start = '';
let seen = 0;

test('books through the one-page checkout and pays with PromptPay at Stripe', async ({ page }) => {
  await page.goto(pathIn(locale, '/checkout?unit=s&term=m2m'));
  await expect(page.getByRole('heading', { name: m.checkout.proformaTitle })).toBeVisible();
  await expect(page.getByText(m.checkout.lines.total, { exact: true })).toBeVisible();
  const submit = page.getByRole('button', { name: pattern(m.checkout.submit) });
  await expect(submit).toBeDisabled();
  await fillCheckout(page, locale, EMAIL);
  start = await page.getByLabel(m.checkout.moveIn).inputValue();
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
  const link = await payLinkFromEmail(request, seen++, EMAIL, locale);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: new RegExp(`^${fill(p.pay.title, { number: 'INV-\\d{4}-\\d{6}' })}$`) })).toBeVisible();
  await page.getByRole('link', { name: p.pay.cryptoLink }).click();
  // The link keeps the page's language (never /th/th/…).
  expect(new URL(page.url()).pathname.startsWith(pathIn(locale, '/payment/crypto/'))).toBe(true);
  await expect(page.getByRole('heading', { name: p.crypto.title })).toBeVisible();
  await expect(page.getByText(/\d+\.\d{2} USDT/)).toBeVisible();
  await expect(page.getByText(/\d+\.\d{8} BTC/)).toBeVisible();
  await expect(page.getByRole('button', { name: fill(p.crypto.copyAddress, { coin: 'Bitcoin' }) })).toBeVisible();
  // The picker works once the page is interactive (disabled in its server HTML until then).
  await expect(page.getByLabel(p.form.choose)).toBeEnabled();
  await page.getByLabel(p.form.choose).setInputFiles({ name: 'tx.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await expect(page.getByText(fill(p.form.uploaded, { name: 'tx.png' }))).toBeVisible();
  await page.getByRole('button', { name: p.form.sent }).click();
  await expect(page.getByText(p.form.doneBody)).toBeVisible();
});

test('pays the next invoice by the PromptPay QR with the exact amount and a slip', async ({ page, request }) => {
  await runBilling(request, issueDay(start, 2));
  await page.goto(await payLinkFromEmail(request, seen++, EMAIL, locale));
  const amount = await page.getByTestId('amount-due').textContent();
  await page.getByRole('link', { name: p.pay.promptpayQr }).click();
  const qr = page.getByRole('img', { name: fill(p.promptpay.qrAlt, { amount: amount! }) });
  await expect(qr).toBeVisible();
  const payload = await qr.getAttribute('data-payload');
  // Whole baht, whatever the language groups the digits with (a comma, a no-break space).
  const baht = amount!.replace(/\D/g, '');
  expect(payload).toContain(`54${String(`${baht}.00`.length).padStart(2, '0')}${baht}.00`);
  await expect(page.getByLabel(p.form.choose)).toBeEnabled();
  await page.getByLabel(p.form.choose).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText(m.uploads.invalidType)).toBeVisible();
  await page.getByLabel(p.form.choose).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await page.getByRole('button', { name: p.form.sent }).click();
  await expect(page.getByText(p.form.doneTitle)).toBeVisible();
});

test('pays the next invoice by bank transfer with the details from the settings', async ({ page, request }) => {
  await runBilling(request, issueDay(start, 3));
  await page.goto(await payLinkFromEmail(request, seen++, EMAIL, locale));
  await page.getByRole('link', { name: p.pay.bankLink }).click();
  expect(new URL(page.url()).pathname).toBe(pathIn(locale, '/payment-instructions'));
  await expect(page.getByText('123-4-56789-0')).toBeVisible();
  await page.getByRole('button', { name: p.form.sent }).click();
  await expect(page.getByText(p.form.doneBody)).toBeVisible();
});

test('another customer pays one invoice with PromptPay, then the next by card, at Stripe', async ({ page, request }) => {
  // A fresh rental: unpaid slips of the first customer are still waiting for staff, and their arrears would go on.
  await page.goto(pathIn(locale, '/checkout?unit=m&term=m2m'));
  await fillCheckout(page, locale, EMAIL2);
  await page.getByRole('button', { name: pattern(m.checkout.submit) }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  let seen2 = 0;
  for (const [k, method] of [[1, p.pay.payByPromptPay], [2, p.pay.payByCard]] as const) {
    await runBilling(request, issueDay(start, k));
    await page.goto(await payLinkFromEmail(request, seen2++, EMAIL2, locale));
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!;
    const number = /INV-\d{4}-\d{6}/.exec(heading)![0];
    await page.getByRole('button', { name: method }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: p.success.title })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(pathIn(locale, '/payment-success'));
    await expect(page.getByText(fill(p.success.body, { number }))).toBeVisible();
  }
  // The receipt opens from the success page, and without its signature the same address shows the page that says
  // the link no longer opens, in the visitor's language, still a 404.
  await page.getByRole('link', { name: p.success.viewReceipt }).click();
  await expect(page.getByRole('heading', { name: m.invoice.titles.receipt })).toBeVisible();
  const res = await page.goto(new URL(page.url()).pathname);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: m.portal.linkExpired.title })).toBeVisible();
});

});
}

test('the test pages are not served in production', async ({ request }) => {
  for (const p of ['/test', '/promptpay-demo', '/test-payment-urls', '/payment-method-test', '/mobile-booking-test']) {
    expect((await request.get(p)).status(), p).toBe(404);
  }
});
