import type { APIResponse, Page, Route } from '@playwright/test';
import { test, expect, Wizard } from './fixtures/wizard';
import { linkIn, waitForEmail } from './admin-helpers';
import { WORKED_EXAMPLE_2 } from '../test/fixtures/worked-examples';
import { uniqueSlip } from '../test/fixtures/files';
import { MESSAGES, fill, pathIn } from './fixtures/locales';

// The booking wizard on a phone, from the unit choice to the success page: each step's rules, then every way to pay
// (card and PromptPay through the local Stripe fake's hosted page and signed webhook). Needs the server started by
// scripts/e2e-server.mjs (or a dev server with STRIPE_API_BASE pointing at test/fakes/start.ts).

const baht = (n: number) => `฿${n.toLocaleString('en-US')}`;

// Every test here is a journey of its own (its own visitor, email and booking, none reading another's): they are shared
// out among the workers instead of running one after another in one, so the suite's longest file (over four minutes
// in one worker) no longer decides when the stage ends.
test.describe.configure({ mode: 'parallel' });

test.describe('the wizard', () => {
  test('promo codes: every refusal answers alike (as the quote API) and a valid code shows its discount', async ({ page, wizard }) => {
    await wizard.start('m');
    await wizard.term('6m');
    await wizard.insurance('none');
    await expect(page.getByRole('heading', { name: 'Promo Code' })).toBeVisible();
    const field = page.getByLabel('Promo code');
    for (const [code, message] of [
      ['nope', 'This promo code was not found.'],
      ['FUTURE20', 'This promo code was not found.'],
      ['EXPIRED15', 'This promo code was not found.'],
      ['LIMITED5', 'This promo code was not found.'],
      ['INACTIVE', 'This promo code was not found.'],
    ]) {
      await field.fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(field).toHaveValue('INACTIVE');
    await field.fill('welcome10');
    await field.press('Enter');
    await expect(page.getByText('10% off')).toBeVisible();
    await expect(page.getByText('Code WELCOME10 applied')).toBeVisible();
  });

  test('contact form: every required field and format has its message, and nothing typed is lost', async ({ page, wizard }) => {
    await wizard.start('s', { customer: 'business' });
    await wizard.term('m2m');
    await wizard.insurance('none');
    await wizard.skipPromoAndSupplies();
    await wizard.continueToPayment();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Address is required',
      'Company name is required for business customers',
      'Tax ID is required for business customers',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel(/email/i).first().fill('not-an-email');
    await page.getByLabel('Phone number').fill('12');
    await page.getByLabel('Tax ID').fill('123');
    await wizard.continueToPayment();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(page.getByText('Tax ID should be 13 digits')).toBeVisible();
    await expect(page.getByLabel(/email/i).first()).toHaveValue('not-an-email');
  });

  test('a reload in the middle of the wizard keeps every choice', async ({ page, wizard }) => {
    await wizard.start('m');
    await wizard.term('3m');
    await wizard.insurance(3);
    await expect(page.getByRole('heading', { name: 'Promo Code' })).toBeVisible();
    const before = await page.getByText('Due today').locator('..').innerText();
    page.on('dialog', (d) => d.accept());
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Promo Code' })).toBeVisible();
    await expect(page.getByText('6/12')).toBeVisible();
    expect(await page.getByText('Due today').locator('..').innerText()).toBe(before);
  });

  // A stored draft is checked by a script of its own, loaded after the page (client-storage.ts): the one with zod in it.
  const holdDraftCheck = (page: Page, answer: (route: Route, response: APIResponse) => Promise<void>) =>
    page.route('**/_next/static/chunks/*.js', async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('ZodError')) await answer(route, response);
        else await route.fulfill({ response, body });
      } catch {
        // a request of the page before the reload, gone with it
      }
    });

  for (const locale of ['en', 'th', 'ru'] as const) {
    test(`in ${locale}, after a reload, step 1 takes no choice until the stored draft is back`, async ({ page }) => {
      const wizard = new Wizard(page, locale);
      await wizard.start('m');
      await wizard.term('3m');
      await wizard.settled(wizard.m.insurance.title);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await holdDraftCheck(page, async (route, response) => {
        await released;
        await route.fulfill({ response });
      });
      page.on('dialog', (d) => d.accept());
      await page.reload();
      await expect(page.getByRole('button', { name: `${wizard.m.unit.continue}: ${wizard.unitName('s')}`, exact: true })).toBeDisabled();
      release();
      await expect(page.getByRole('heading', { level: 2, name: wizard.m.insurance.title })).toBeVisible();
      await expect(page.getByText('5/12')).toBeVisible();
    });

    test(`in ${locale}, a reload whose draft check cannot be downloaded starts afresh, and the next reload brings it back`, async ({ page }) => {
      const wizard = new Wizard(page, locale);
      await wizard.start('m');
      await wizard.term('3m');
      await wizard.settled(wizard.m.insurance.title);
      await holdDraftCheck(page, (route) => route.abort('connectionfailed'));
      page.on('dialog', (d) => d.accept());
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: wizard.m.unit.title })).toBeVisible();
      await expect(page.getByRole('button', { name: `${wizard.m.unit.continue}: ${wizard.unitName('s')}`, exact: true })).toBeEnabled();
      await page.unrouteAll({ behavior: 'wait' });
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: wizard.m.insurance.title })).toBeVisible();
      await expect(page.getByText('5/12')).toBeVisible();
    });
  }

  test('the agreement a business paying by card signs names the company, the unit size and the waived deposit', async ({ page, wizard }) => {
    await wizard.start('m', { customer: 'business' });
    await wizard.term('6m');
    await wizard.insurance('none');
    await wizard.skipPromoAndSupplies();
    await wizard.fillContact({ email: 'agreement-e2e@example.com', company: { name: 'Andaman Dive Co., Ltd.', taxId: '0107544000108' } });
    await wizard.continueToPayment();
    await wizard.method('card');
    const contract = page.getByLabel('Rental agreement text');
    await expect(contract).toContainText('Andaman Dive Co., Ltd. (Somchai Jaidee)');
    await expect(contract).toContainText('Medium Unit (2 m × 3 m × 2.5 m)');
    await expect(contract).toContainText('WAIVED');
    await expect(contract).toContainText('No insurance');
  });

  // The agreement is fetched on the way to step 10 (GET /api/agreement), not carried by the wizard's first page.
  for (const locale of ['en', 'th', 'ru'] as const) {
    test(`in ${locale}, an agreement that cannot be loaded says so, and a refresh brings it back with everything typed`, async ({ page }) => {
      const wizard = new Wizard(page, locale);
      const m = wizard.m;
      await page.route('**/api/agreement?**', (route) => route.fulfill({ status: 503, body: '{"error":"unavailable"}' }));
      await wizard.start('s');
      await wizard.term('m2m');
      await wizard.insurance('none');
      await wizard.skipPromoAndSupplies();
      await wizard.fillContact({ email: `agreement-down-${locale}@example.com` });
      await wizard.continueToPayment();
      await wizard.method('cash');
      await expect(page.getByText(m.agreement.unavailable)).toBeVisible();
      await page.unroute('**/api/agreement?**');
      page.on('dialog', (d) => d.accept());
      await page.getByRole('button', { name: m.agreement.refresh }).click();
      await expect(page.getByRole('heading', { name: m.agreement.title })).toBeVisible();
      await expect(page.getByLabel(m.agreement.contractLabel)).toContainText('Somchai Jaidee');
      await wizard.signAgreement();
      await expect(page.getByRole('heading', { name: m.review.title })).toBeVisible();
    });
  }

  // The waiting-list dialog is not part of the first page: it loads when a customer reaches for its button.
  for (const locale of ['en', 'th', 'ru'] as const) {
    test(`in ${locale}, a sold-out unit's waiting-list button opens the dialog, which checks what is missing in ${locale}`, async ({ page }) => {
      const wizard = new Wizard(page, locale);
      const wl = MESSAGES[locale].waitingList;
      await page.goto(pathIn(locale, '/booking-v2'));
      await page.locator('li[data-unit="xxl"]').getByRole('button', { name: wizard.m.unit.joinWaitingList }).click();
      const dialog = page.getByRole('dialog', { name: fill(wl.title, { unit: wizard.unitName('xxl') }) });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: wl.submit }).click();
      await expect(dialog.getByRole('alert')).toContainText(wl.missingTitle);
      await dialog.getByRole('button', { name: wl.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 2, name: wizard.m.unit.title })).toBeVisible();
    });
  }
});

test.describe('paying', () => {
  test(`business customer: worked example 2 prices to ${baht(WORKED_EXAMPLE_2.expected.totalDueToday)} with withholding and books by bank transfer`, async ({ page, wizard }) => {
    const { expected } = WORKED_EXAMPLE_2;
    await wizard.start(WORKED_EXAMPLE_2.choices.unitTypeCode, { customer: 'business' });
    await wizard.term(WORKED_EXAMPLE_2.choices.term);
    await wizard.insurance('none');
    await page.getByLabel('Promo code').fill(WORKED_EXAMPLE_2.choices.promoCode!);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Code WELCOME10 applied')).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Add one: Extra stainless steel lock' }).click();
    await page.getByRole('button', { name: 'Add one: Medium box (10-pack)' }).click();
    await page.getByRole('button', { name: 'Add one: Medium box (10-pack)' }).click();
    await expect(page.getByText(`Supplies total: ${baht(expected.supplies)}`)).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`Continue with ${baht(expected.supplies)} in supplies`) }).click();
    await wizard.fillContact({ email: 'business-e2e@example.com', company: { name: 'Andaman Dive Co., Ltd.', taxId: '0107544000108' } });
    await expect(page.getByLabel('Tax ID')).toHaveValue('0-1075-44000-10-8');
    // The company books from its branch 00012 (docs/product-rules.md#tax-branch): head office is the default.
    await expect(page.getByRole('radio', { name: 'Head office' })).toBeChecked();
    await page.getByRole('radio', { name: 'Branch', exact: true }).check();
    await wizard.continueToPayment();
    await expect(page.getByText('Branch number is required for a branch')).toBeVisible();
    await page.getByLabel('Branch number').fill('00000');
    await wizard.continueToPayment();
    await expect(page.getByText('Branch number 00000 is the head office: please choose Head office')).toBeVisible();
    await page.getByLabel('Branch number').fill('12');
    await wizard.continueToPayment();
    await expect(page.getByText('Branch number should be 5 digits')).toBeVisible();
    await page.getByLabel('Branch number').fill('00012');
    await wizard.continueToPayment();
    await wizard.method('bank_transfer');
    await wizard.signAgreement();
    await expect(page.getByText('Kasikornbank')).toBeVisible();
    await page.getByRole('button', { name: 'Continue without proof' }).click();
    await wizard.settled('Review & Submit');
    await expect(page.getByText('Andaman Dive Co., Ltd.')).toBeVisible();
    await expect(page.getByText('Branch 00012')).toBeVisible();
    await expect(page.getByText(baht(expected.withholdingTax)).first()).toBeVisible();
    await expect(page.getByText(baht(expected.totalDueToday)).first()).toBeVisible();
    await wizard.submit();
    await expect(wizard.booked()).toBeVisible();
    await expect(page).toHaveURL(/paymentMethod=bank_transfer/);
  });

  test('bank transfer with a proof upload: the success page shows the bank details and the amount', async ({ page, wizard }) => {
    await wizard.bookUntilPayment({ term: '3m', insurance: 1, email: 'bank-e2e@example.com', method: 'bank_transfer', day: 2 });
    await page.getByLabel('Choose file').setInputFiles({
      name: 'slip.png',
      mimeType: 'image/png',
      // A slip of its own: the same file on another customer's booking is refused (docs/product-rules.md#holds).
      buffer: Buffer.from(await uniqueSlip()),
    });
    await expect(page.getByText('Proof uploaded: slip.png')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Review' }).click();
    await wizard.submit();
    await expect(wizard.booked()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
    await expect(page.getByText('Kasikornbank')).toBeVisible();
    await expect(page.getByText("Thank you for uploading your transfer slip. We'll verify it and email you.")).toBeVisible();
  });

  test('cash: the hold is confirmed from the emailed link, then kept 48 hours, with office hours', async ({ page, wizard, request }) => {
    const email = `cash-${Date.now()}@example.com`;
    await wizard.bookUntilPayment({ term: '3m', insurance: 1, email, method: 'cash', day: 2 });
    // The wizard's opening gave the device cookie (app/api/device/route.ts), so the submit sets none and its answer is
    // the booking alone, not the wizard page again.
    expect((await page.context().cookies()).some((c) => c.name === 'pss_device' && c.httpOnly)).toBe(true);
    // Each action's size is read once its answer has finished (a promise per answer, awaited below, so none is missed).
    const sizing: Promise<number>[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.request().headers()['next-action']) sizing.push(r.request().sizes().then((z) => z.responseBodySize));
    });
    await wizard.submit();
    await expect(wizard.booked()).toBeVisible();
    await expect(page).toHaveURL(/\/booking-v2-success\?bookingReference=BF2-[0-9A-Z]{8}&bookingId=\w+&paymentMethod=cash/);
    const answers = await Promise.all(sizing);
    expect(answers.length).toBeGreaterThan(0);
    // As sent (compressed): the booking is a few hundred bytes, the wizard page about ten thousand.
    expect(Math.max(...answers)).toBeLessThan(2_000);
    await expect(page.getByRole('heading', { name: 'Pay in cash at our office' })).toBeVisible();
    await expect(page.getByText(/Office hours: Monday to Saturday, 9:00–18:00/)).toBeVisible();
    // docs/product-rules.md#holds: the hold is 48 hours whatever happens; confirming the address only proves the mailbox.
    await expect(page.getByRole('heading', { name: 'Confirm your reservation' })).toBeVisible();
    await expect(page.getByText(`We have emailed a link to ${email}. Press it to confirm that the address is yours`)).toBeVisible();
    await expect(page.getByText('Your unit is held either way.')).toBeVisible();
    const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
    const mail = await waitForEmail(request, email, (e) => e.subject.includes(reference));
    await page.goto(linkIn(mail.html, new RegExp(`/my-booking/${reference}/confirm\\?token=`)));
    await expect(page.getByRole('heading', { name: 'Confirm your reservation' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my reservation' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you, your reservation is confirmed. We keep the unit for you until');
  });

  test('crypto: the payment screen shows both coins and continues once the payment is marked sent; a double click books once', async ({ page, wizard }) => {
    await wizard.bookUntilPayment({ email: 'crypto-e2e@example.com', method: 'crypto' });
    await expect(page.getByRole('heading', { name: 'Pay with Cryptocurrency' })).toBeVisible();
    await expect(page.getByText('Tether (USDT)')).toBeVisible();
    await expect(page.getByText('Bitcoin (BTC)')).toBeVisible();
    await page.getByRole('button', { name: "I've Sent the Payment" }).first().click();
    await expect(page.getByText('Payment marked as sent')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
    // A double click submits once: the button turns busy, then one booking is made.
    await wizard.submit({ double: true });
    await expect(wizard.booked()).toBeVisible();
    await expect(page).toHaveURL(/paymentMethod=crypto/);
  });

  test('card: Pay Now goes to the checkout page, paying confirms the booking', async ({ page, wizard }) => {
    await wizard.bookUntilPayment({ term: '3m', insurance: 1, email: 'card-e2e@example.com', method: 'card', day: 2 });
    await wizard.submit();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(wizard.booked()).toBeVisible();
    await expect(page.getByText(/^BF2-[0-9A-Z]{8}$/)).toBeVisible();
    await expect(page.getByText('Payment received. Your booking is confirmed.')).toBeVisible();
  });

  test('PromptPay: Pay Now goes to the provider checkout for a one-time payment', async ({ page, wizard }) => {
    await wizard.bookUntilPayment({ email: 'promptpay-e2e@example.com', method: 'promptpay' });
    await expect(page.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
    await wizard.submit();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(wizard.booked()).toBeVisible();
  });

  test('card: an expired checkout session releases the booking', async ({ page, request, wizard }) => {
    await wizard.bookUntilPayment({ term: '3m', insurance: 1, email: 'expire-e2e@example.com', method: 'card', day: 2 });
    await wizard.submit();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    // What Stripe does when the customer walks away: the session expires and a signed event reaches the webhook.
    const checkout = new URL(page.url());
    const sessionId = checkout.pathname.split('/').pop()!;
    const expired = await request.post(`${checkout.origin}/c/expire/${sessionId}`);
    expect(await expired.json()).toEqual({ webhookStatus: 200 });
    const sessions = (await (await request.get(`${checkout.origin}/__sessions`)).json()) as { id: string; success_url: string }[];
    const successUrl = sessions.find((s) => s.id === sessionId)!.success_url.replace('{CHECKOUT_SESSION_ID}', sessionId);
    await page.goto(successUrl);
    await expect(page.getByText('The payment session expired and the unit was released. Please make a new booking.')).toBeVisible();
  });

  test('in Thai, the booking answers in Thai: the server takes the language from the request', async ({ page }) => {
    const wizard = new Wizard(page, 'th');
    await wizard.bookUntilPayment({ email: 'thai-e2e@example.com', method: 'cash' });
    await wizard.submit();
    await expect(wizard.booked()).toBeVisible();
    await expect(page).toHaveURL(/\/th\/booking-v2-success\?bookingReference=BF2-/);
  });
});

// The booking for each payment method, in Thai and in Russian, on a phone (issue 37): the same journey as above,
// read in the page's language, ending on the success page in that language. Each booking has its own address.
// Spread over unit types with free units, so the suite's other bookings keep theirs.
const UNIT_FOR = {
  th: { card: 'm6', promptpay: 'm4', bank_transfer: 'm1', crypto: 'm1cc', cash: 'm6' },
  ru: { card: 'm4', promptpay: 'm6', bank_transfer: 'm1cc', crypto: 'm1', cash: 'm4' },
} as const;
for (const locale of ['th', 'ru'] as const) {
  test.describe(`paying in ${locale}`, () => {
    for (const method of ['card', 'promptpay', 'bank_transfer', 'crypto', 'cash'] as const) {
      test(`${method}: books in ${locale}, and the final button says what happens`, async ({ page }) => {
        const wizard = new Wizard(page, locale);
        const m = wizard.m;
        await wizard.bookUntilPayment({ unit: UNIT_FOR[locale][method], email: `${method}-${locale}-${Date.now()}@example.com`, method });
        if (method === 'bank_transfer') await page.getByRole('button', { name: m.bank.continueWithout }).click();
        if (method === 'crypto') {
          await page.getByRole('button', { name: m.crypto.sent }).first().click();
          await expect(page.getByText(m.crypto.confirmedTitle)).toBeVisible();
        }
        await wizard.settled(m.review.title);
        await wizard.acceptTerms();
        // "Pay ฿X now" only where money moves now (docs/product-rules.md#buttons-say-what-happens).
        const label = { card: m.review.payNow, promptpay: m.review.payNow, bank_transfer: m.review.submit.bank_transfer, crypto: m.review.submit.sent, cash: m.review.submit.cash }[method];
        await expect(wizard.payNow()).toHaveText(new RegExp(`^${label.split('{amount}')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        await wizard.payNow().click();
        if (method === 'card' || method === 'promptpay') {
          await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
          await page.getByRole('button', { name: 'Pay' }).click();
        }
        await expect(wizard.booked()).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(`/${locale}/booking-v2-success`);
        await expect(page.getByTestId('booking-reference')).toHaveText(/^BF2-[0-9A-Z]{8}$/);
      });
    }
  });
}
