import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForEmail } from './admin-helpers';

// Prepayment and card replacement from the portal (docs/product-rules.md#prices-over-time-prepayment-and-card-retries):
// a card tenant sees the months-ahead offers with their discounted totals, prepays 3 months onto one invoice, and
// replaces the saved card through Stripe Checkout (the fake) in setup mode.
test.describe.configure({ mode: 'serial' });

const EMAIL = `prepay-${Date.now()}@example.com`;
let portal = '';

async function fillCheckout(page: Page) {
  await page.getByLabel('First name').fill('Pavel');
  await page.getByLabel('Last name').fill('Prepay');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  await page.getByLabel('Address').fill('5 Soi Bangla, Patong, Phuket');
  await page.getByRole('radio', { name: /^Credit\/debit card/ }).check();
  const agreement = page.getByRole('document', { name: 'Rental agreement text' });
  await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill('Pavel Prepay');
}

test('a card tenant books month to month; the portal offers 3, 6 and 12 months ahead at the term discount', async ({ page, request }) => {
  await page.goto('/checkout?unit=s&term=m2m');
  await fillCheckout(page);
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  const reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
  expect(reference).toMatch(/^BF2-/);
  const confirmation = await waitForEmail(request, EMAIL, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
  portal = linkIn(confirmation.html, new RegExp(`/my-booking/${reference}\\?token=`)).replace(/^https?:\/\/[^/]+/, '');
  await page.goto(portal);
  await expect(page.getByRole('heading', { name: 'Pay months ahead' })).toBeVisible();
  const rate = Number((await page.getByText(/^Your monthly rent: /).textContent())!.replace(/[^\d]/g, ''));
  expect(rate).toBeGreaterThan(0);
  // 3 months at 5% off, 6 at 10%, 12 at 15% (no insurance was chosen): the total and the saving shown.
  for (const [months, pct] of [[3, 5], [6, 10], [12, 15]] as const) {
    const saving = Math.round((rate * months * pct) / 100);
    const total = rate * months - saving;
    const offer = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Prepay ${months} months` }) });
    await expect(offer).toContainText(`฿${total.toLocaleString('en-US')} (you save ฿${saving.toLocaleString('en-US')})`);
  }
});

test('prepaying 3 months opens the payment page of one invoice for that total; back in the portal it waits to be paid', async ({ page }) => {
  await page.goto(portal);
  const offer = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Prepay 3 months' }) });
  const total = /฿[\d,]+/.exec((await offer.textContent()) ?? '')![0];
  await offer.getByRole('button', { name: 'Prepay 3 months' }).click();
  await expect(page).toHaveURL(/\/pay-invoice\//);
  await expect(page.getByText(total).first()).toBeVisible();
  await page.goto(portal);
  await expect(page.getByText(/^Your prepayment invoice INV-\d{4}-\d{6} is waiting to be paid\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prepay 3 months' })).toHaveCount(0);
});

test('the tenant replaces the saved card: Stripe Checkout in setup mode, then back on the booking page', async ({ page }) => {
  await page.goto(portal);
  await page.getByRole('button', { name: 'Replace my card' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Thank you: your new card will be used for the next payments.')).toBeVisible();
});
