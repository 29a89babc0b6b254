import { expect, test, type Page } from '@playwright/test';
import { linkIn, signInStaff, waitForEmail } from './admin-helpers';
import { uniqueSlip } from '../test/fixtures/files';

/**
 * The customer portal on a phone, with staff in between: a bank-transfer booking, the slip uploaded from the emailed
 * link, verified by staff, seen confirmed by the customer; then 'My Storage' sign-in by email link and a notice to
 * vacate. One booking runs through all of it, so the steps run in order.
 */
const email = `portal-${Date.now()}@example.com`;
let reference = '';

async function choose(page: Page, name: RegExp) {
  await page.locator('label').filter({ has: page.getByRole('radio', { name }) }).first().click();
}

test.describe.serial('customer portal', () => {
  test('a customer books a unit by bank transfer', async ({ page }) => {
    await page.goto('/booking-v2');
    await page.getByRole('button', { name: 'Continue with This Unit: Small Unit' }).click();
    await choose(page, /^Individual/);
    await page.getByRole('radiogroup', { name: 'Available move-in dates' }).getByRole('radio').nth(1).click();
    await page.getByRole('button', { name: 'Continue to rental terms' }).click();
    await choose(page, /Month-to-Month/);
    await page.getByLabel('Coverage level').selectOption({ label: 'No Insurance (Free)' });
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('button', { name: 'Skip supplies' }).click();
    await page.getByLabel(/first name/i).fill('Malee');
    await page.getByLabel(/last name/i).fill('Portal');
    await page.getByLabel(/email/i).first().fill(email);
    await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
    await page.getByLabel(/address/i).fill('12 Patak Road, Karon, Phuket');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await choose(page, /Bank Transfer/);
    const text = page.getByLabel('Rental agreement text');
    await text.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByLabel('I have read and agree to the rental agreement').check();
    await page.getByLabel('Digital signature: type your full name').fill('Malee Portal');
    await page.getByRole('button', { name: 'Continue to Review' }).click();
    await page.getByRole('button', { name: 'Continue without proof' }).click();
    await page.getByLabel('I accept the terms and conditions and the rental agreement').check();
    await page.getByRole('button', { name: /Pay Now/ }).click();
    await expect(page.getByRole('heading', { name: 'Booking Created Successfully!' })).toBeVisible();
    reference = new URL(page.url()).searchParams.get('bookingReference') ?? '';
    expect(reference).toMatch(/^BF2-/);
  });

  test('the slip goes up from the emailed link, staff verify it, and the customer sees the booking confirmed', async ({ page, browser, request }) => {
    const confirmation = await waitForEmail(request, email, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
    const portal = linkIn(confirmation.html, new RegExp(`/my-booking/${reference}\\?token=`));
    await page.goto(portal);
    await expect(page.getByTestId('booking-status')).toHaveText('Reserved');
    await page.getByLabel('Transfer slip or receipt').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
    await page.getByRole('button', { name: 'Upload proof' }).click();
    await expect(page.getByText("Thank you. We'll check it and email you.")).toBeVisible();
    await expect(page.getByText('Proof uploaded, being verified')).toBeVisible();

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    // Verifying asks for confirmation (issue 37).
    staff.on('dialog', (d) => void d.accept());
    await signInStaff(staff);
    await staff.getByRole('link', { name: reference }).first().click();
    await expect(staff.getByRole('img', { name: 'slip.png' })).toBeVisible();
    await staff.getByRole('button', { name: 'Verify payment' }).click();
    await expect(staff.getByText('Payment verified; booking confirmed.')).toBeVisible();
    await expect(staff.getByText('booking.verifyPayment')).toBeVisible();
    await staffContext.close();

    await page.reload();
    await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
    await expect(page.getByText('Unit number')).toBeVisible();
    await waitForEmail(request, email, (e) => e.subject === `Your booking ${reference} is confirmed`);
  });

  test('a guessed reference shows nothing, and My Storage signs in with the emailed link to give notice', async ({ page, request }) => {
    expect((await request.get(`/my-booking/${reference}`)).status()).toBe(404);
    expect((await request.get(`/my-booking/${reference}?token=forged`)).status()).toBe(404);
    expect((await request.get('/my-booking/BF2-00000000')).status()).toBe(404);

    await page.goto('/my-booking');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
    const mail = await waitForEmail(request, email, (e) => e.subject === 'Your sign-in link for My Storage');
    await page.goto(linkIn(mail.html, /\/my-booking\/sign-in\?token=/));
    await page.getByRole('button', { name: 'Continue to My Storage' }).click();
    await expect(page.getByRole('heading', { name: 'My Storage' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByRole('link', { name: new RegExp(reference) }).click();

    await expect(page.getByRole('heading', { name: 'Notice to vacate' })).toBeVisible();
    page.on('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Give notice' }).click();
    await expect(page.getByText(/You gave notice\. Your rental ends on/)).toBeVisible();
    await waitForEmail(request, email, (e) => e.subject === `Your notice to vacate for ${reference}`);

    // The same link cannot be used twice.
    await page.goto(linkIn(mail.html, /\/my-booking\/sign-in\?token=/));
    await page.getByRole('button', { name: 'Continue to My Storage' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toHaveText('This sign-in link has expired or was already used. Please request a new one.');
  });
});
