import { expect, test, type Page } from '@playwright/test';

// The server side of submitting, driven through the wizard on a phone: card through the local Stripe fake's hosted
// page and signed webhook, and cash straight to the success page. Needs the server started by scripts/e2e-server.mjs
// (or a dev server with STRIPE_API_BASE pointing at test/fakes/start.ts).

/** Choice cards are labels around visually hidden radios: click what the customer sees. */
async function choose(page: Page, name: RegExp, nth = 0) {
  await page.locator('label').filter({ has: page.getByRole('radio', { name }) }).nth(nth).click();
}

async function fillWizard(page: Page, method: RegExp, email: string, paymentStep?: () => Promise<void>) {
  await page.goto('/booking-v2');
  await page.getByRole('button', { name: 'Continue with This Unit: Small Unit' }).click();
  await choose(page, /^Individual/);
  await page.getByRole('radiogroup', { name: 'Available move-in dates' }).getByRole('radio').nth(2).click();
  await page.getByRole('button', { name: 'Continue to rental terms' }).click();
  await choose(page, /3 Months Prepaid/);
  await page.getByLabel('Coverage level').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Skip supplies' }).click();
  await page.getByLabel('First name').fill('Elena');
  await page.getByLabel('Last name').fill('Checkout');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('0812345678');
  await page.getByLabel('Address').fill('12 Beach Road, Phuket');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await choose(page, method);
  const contract = page.getByLabel('Rental agreement text');
  await expect(contract).toBeVisible();
  await contract.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill('Elena Checkout');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await paymentStep?.();
  await page.getByLabel('I accept the terms and conditions and the rental agreement').check();
}

test('card: Pay Now goes to the checkout page, paying confirms the booking', async ({ page }) => {
  await fillWizard(page, /Credit \/ Debit Card/, 'card-e2e@example.com');
  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Created Successfully!' })).toBeVisible();
  await expect(page.getByText(/^BF2-[0-9A-Z]{8}$/)).toBeVisible();
  await expect(page.getByText('Payment received. Your booking is confirmed.')).toBeVisible();
});

test('cash: the booking is held for 48 hours with office hours', async ({ page }) => {
  await fillWizard(page, /Cash at the Facility/, 'cash-e2e@example.com');
  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking Created Successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/booking-v2-success\?bookingReference=BF2-[0-9A-Z]{8}&bookingId=\w+&paymentMethod=cash/);
  await expect(page.getByRole('heading', { name: 'Pay in cash at our office within 48 hours' })).toBeVisible();
  await expect(page.getByText(/Office hours: Monday to Saturday, 9:00–18:00/)).toBeVisible();
});

test('bank transfer with a proof upload: the success page shows the bank details and the amount', async ({ page }) => {
  await fillWizard(page, /Bank Transfer/, 'bank-e2e@example.com', async () => {
    await page.getByLabel('Choose file').setInputFiles({
      name: 'slip.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    });
    await expect(page.getByText('Proof uploaded: slip.png')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Review' }).click();
  });
  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking Created Successfully!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pay by bank transfer within 48 hours' })).toBeVisible();
  await expect(page.getByText('Kasikornbank')).toBeVisible();
  await expect(page.getByText("Thank you for uploading your transfer slip. We'll verify it and email you.")).toBeVisible();
});

test('card: an expired checkout session releases the booking', async ({ page, request }) => {
  await fillWizard(page, /Credit \/ Debit Card/, 'expire-e2e@example.com');
  await page.getByRole('button', { name: /Pay Now/ }).click();
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
