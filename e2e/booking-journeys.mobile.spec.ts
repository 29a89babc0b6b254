import { expect, test, type Page } from '@playwright/test';

// Wizard journeys on a phone: promo outcomes, contact validation, a reload mid-way, a business customer with
// withholding tax (DECISIONS.md worked example 2), crypto, PromptPay and a double click on Pay Now.

async function choose(page: Page, name: RegExp) {
  await page.locator('label').filter({ has: page.getByRole('radio', { name }) }).first().click();
}

async function startWizard(page: Page, unit: string, customer: RegExp = /^Individual/) {
  await page.goto('/booking-v2');
  await page.getByRole('button', { name: `Continue with This Unit: ${unit}` }).click();
  await choose(page, customer);
  await page.getByRole('radiogroup', { name: 'Available move-in dates' }).getByRole('radio').nth(1).click();
  await page.getByRole('button', { name: 'Continue to rental terms' }).click();
}

async function contact(page: Page, email: string) {
  await page.getByLabel(/first name/i).fill('Somchai');
  await page.getByLabel(/last name/i).fill('Jaidee');
  await page.getByLabel(/email/i).first().fill(email);
  await page.getByLabel('Phone number').fill('0812345678');
  await page.getByLabel(/address/i).fill('99 Srisoonthorn Road, Cherngtalay, Phuket');
}

async function signAgreement(page: Page) {
  const text = page.getByLabel('Rental agreement text');
  await expect(text).toBeVisible();
  await text.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill('Somchai Jaidee');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
}

test('promo codes: each outcome shows its message and a valid code shows its discount', async ({ page }) => {
  await startWizard(page, 'Medium Unit');
  await choose(page, /6 Months Prepaid/);
  await page.getByLabel('Coverage level').selectOption({ label: 'No Insurance (Free)' });
  await expect(page.getByRole('heading', { name: 'Promo Code' })).toBeVisible();
  const field = page.getByLabel('Promo code');
  const cases: [string, string][] = [
    ['nope', 'This promo code was not found.'],
    ['FUTURE20', 'This promo code is not active yet.'],
    ['EXPIRED15', 'This promo code has expired.'],
    ['LIMITED5', 'This promo code has reached its usage limit.'],
    ['INACTIVE', 'This promo code was not found.'],
  ];
  for (const [code, message] of cases) {
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

test('contact form: every required field and format has its message, and nothing typed is lost', async ({ page }) => {
  await startWizard(page, 'Small Unit', /^Business/);
  await choose(page, /Month-to-Month/);
  await page.getByLabel('Coverage level').selectOption({ label: 'No Insurance (Free)' });
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Skip supplies' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
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
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(page.getByText('Tax ID should be 13 digits')).toBeVisible();
  await expect(page.getByLabel(/email/i).first()).toHaveValue('not-an-email');
});

test('a reload in the middle of the wizard keeps every choice', async ({ page }) => {
  await startWizard(page, 'Medium Unit');
  await choose(page, /3 Months Prepaid/);
  await page.getByLabel('Coverage level').selectOption({ index: 3 });
  await expect(page.getByRole('heading', { name: 'Promo Code' })).toBeVisible();
  const before = await page.getByText('Due today').locator('..').innerText();
  page.on('dialog', (d) => d.accept());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Promo Code' })).toBeVisible();
  await expect(page.getByText('6/12')).toBeVisible();
  expect(await page.getByText('Due today').locator('..').innerText()).toBe(before);
});

test('business customer: worked example 2 prices to ฿70,532 with withholding and books by bank transfer', async ({ page }) => {
  await startWizard(page, 'Large Unit', /^Business/);
  await choose(page, /12 Months Prepaid/);
  await page.getByLabel('Coverage level').selectOption({ label: 'No Insurance (Free)' });
  await page.getByLabel('Promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code WELCOME10 applied')).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Add one: Stainless steel lock' }).click();
  await page.getByRole('button', { name: 'Add one: Medium box (10-pack)' }).click();
  await page.getByRole('button', { name: 'Add one: Medium box (10-pack)' }).click();
  await expect(page.getByText('Supplies total: ฿950')).toBeVisible();
  await page.getByRole('button', { name: /Continue with ฿950 in supplies/ }).click();
  await contact(page, 'business-e2e@example.com');
  await page.getByLabel('Company name').fill('Andaman Dive Co., Ltd.');
  await page.getByLabel('Tax ID').fill('0107544000108');
  await expect(page.getByLabel('Tax ID')).toHaveValue('0-1075-44000-10-8');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await choose(page, /Bank Transfer/);
  await signAgreement(page);
  await expect(page.getByText('Kasikornbank')).toBeVisible();
  await page.getByRole('button', { name: 'Continue without proof' }).click();
  await expect(page.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
  await expect(page.getByText('Andaman Dive Co., Ltd.')).toBeVisible();
  await expect(page.getByText('฿3,046').first()).toBeVisible();
  await expect(page.getByText('฿70,532').first()).toBeVisible();
  await page.getByLabel('I accept the terms and conditions and the rental agreement').check();
  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking Created Successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/paymentMethod=bank_transfer/);
});

test('crypto: the payment screen shows both coins and continues once the payment is marked sent', async ({ page }) => {
  await startWizard(page, 'Small Unit');
  await choose(page, /Month-to-Month/);
  await page.getByLabel('Coverage level').selectOption({ label: 'No Insurance (Free)' });
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Skip supplies' }).click();
  await contact(page, 'crypto-e2e@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await choose(page, /Cryptocurrency/);
  await signAgreement(page);
  await expect(page.getByRole('heading', { name: 'Pay with Cryptocurrency' })).toBeVisible();
  await expect(page.getByText('Tether (USDT)')).toBeVisible();
  await expect(page.getByText('Bitcoin (BTC)')).toBeVisible();
  await page.getByRole('button', { name: "I've Sent the Payment" }).first().click();
  await expect(page.getByText('Payment marked as sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
  await page.getByLabel('I accept the terms and conditions and the rental agreement').check();
  // A double click submits once: the button turns busy, then one booking is made.
  await page.getByRole('button', { name: /Pay Now/ }).dblclick();
  await expect(page.getByRole('heading', { name: 'Booking Created Successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/paymentMethod=crypto/);
});

test('PromptPay: Pay Now goes to the provider checkout for a one-time payment', async ({ page }) => {
  await startWizard(page, 'Small Unit');
  await choose(page, /Month-to-Month/);
  await page.getByLabel('Coverage level').selectOption({ label: 'No Insurance (Free)' });
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Skip supplies' }).click();
  await contact(page, 'promptpay-e2e@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await choose(page, /^PromptPay/);
  await signAgreement(page);
  await expect(page.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
  await page.getByLabel('I accept the terms and conditions and the rental agreement').check();
  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Created Successfully!' })).toBeVisible();
});
