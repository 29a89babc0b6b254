import { expect, test, type APIRequestContext } from '@playwright/test';
import en from '../messages/en.json' with { type: 'json' };
import th from '../messages/th.json' with { type: 'json' };
import ru from '../messages/ru.json' with { type: 'json' };
import { linkIn, signInStaff, waitForEmail } from './admin-helpers';
import { bookAndPay, portalLink } from './access-helpers';

// A part-paid invoice (docs/product-rules.md#invoices-billing-and-delinquency): staff record part of month two at the
// counter; the tenant sees what is still due on the portal and on the invoice, in each language. The amounts are
// written out: the Small unit's seeded list price (฿1,400 a month, month to month, no insurance), ฿1,000 paid.
test.describe.configure({ mode: 'serial' });

const CRON = 'Bearer e2e-cron-secret-0123456789';
const EMAIL = `part-paid-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

// The amounts as each language prints them; Russian groups thousands with a no-break space (matched as any space).
const AMOUNTS = { en: { rent: '฿1,400', paid: '฿1,000', due: '฿400' }, th: { rent: '฿1,400', paid: '฿1,000', due: '฿400' }, ru: { rent: '฿1 400', paid: '฿1 000', due: '฿400' } };
const text = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);
const part = (s: string) => new RegExp(text(s).source.slice(1, -1));

let reference = '';
let portalPath = '';
let invoiceNumber = '';

async function runBilling(request: APIRequestContext, now: string) {
  expect((await request.post(`/api/cron/billing?now=${encodeURIComponent(now)}`, { headers: { authorization: CRON } })).status()).toBe(200);
  expect((await request.post('/api/cron/tasks', { headers: { authorization: CRON } })).status()).toBe(200);
}

test('staff record ฿1,000 of a ฿1,400 month-two invoice at the counter: ฿400 still due', async ({ page, request }) => {
  const start = bangkokToday();
  reference = await bookAndPay(page, EMAIL, ['Pim', 'Partpaid']);
  portalPath = await portalLink(request, EMAIL, reference);
  // Month two's invoice is issued 7 days before its billing date.
  await runBilling(request, new Date(Date.parse(`${addMonths(start, 1)}T12:00:00+07:00`) - 7 * 86_400_000).toISOString());
  const mail = await waitForEmail(request, EMAIL, (e) => e.subject.startsWith('Invoice '));
  invoiceNumber = /INV-\d{4}-\d{6}/.exec(mail.subject)![0];

  await page.context().clearCookies();
  await signInStaff(page);
  await page.goto(`/admin/bookings?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/admin\/booking-review\//);
  await page.getByRole('link', { name: invoiceNumber }).first().click();
  await expect(page.getByTestId('still-due')).toHaveText('Still due: ฿1,400');
  await page.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Cash' });
  await page.getByRole('textbox', { name: 'Amount received (THB)' }).fill('1000');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded. The customer was emailed a receipt.')).toBeVisible();
  await expect(page.getByTestId('still-due')).toHaveText('Still due: ฿400');
});

for (const [locale, m] of [['en', en], ['th', th], ['ru', ru]] as const) {
  test(`the tenant sees ฿400 still due on the portal and on the invoice (${locale})`, async ({ page }) => {
    await page.goto(locale === 'en' ? portalPath : `/${locale}${portalPath}`);
    const a = AMOUNTS[locale];
    const row = page.getByRole('listitem').filter({ hasText: invoiceNumber });
    await expect(row).toContainText(part(` · ${a.rent} · `));
    await expect(row).toContainText(part(m.lifecycle.invoice.stillDue.replace('{amount}', a.due)));
    await row.getByRole('link', { name: m.portal.invoices.view }).click();
    await expect(page.getByTestId('still-due')).toHaveText(text(`${m.lifecycle.invoice.paidSoFar.replace('{amount}', a.paid)} · ${m.lifecycle.invoice.stillDue.replace('{amount}', a.due)}`));
  });
}

test('the receipt email links the invoice page: its rent line, VAT, total and the ฿1,000 cash payment', async ({ page, request }) => {
  const receipt = await waitForEmail(request, EMAIL, (e) => e.subject.includes(invoiceNumber) && !e.subject.startsWith('Invoice '));
  await page.goto(linkIn(receipt.html, /\/invoice\//).replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('row').filter({ hasText: /^Rent Small Unit/ })).toContainText('฿1,400');
  // VAT included: 1,400 × 7/107 = 91.59 → ฿92, the value before it ฿1,308.
  await expect(page.getByRole('definition').filter({ hasText: /^฿1,308$/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^฿92$/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^฿1,400$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /· Cash at the facility · ฿1,000$/ })).toBeVisible();
});
