import { expect, test } from '@playwright/test';
import { linkIn, waitForEmail } from './admin-helpers';

/**
 * A company books from its branch on a phone (docs/product-rules.md#tax-branch): /checkout asks head office or
 * branch, the tax invoice page names the branch in Thai and English, and a change in the portal leaves the issued
 * invoice as it was.
 */
const email = `branch-${Date.now()}@example.com`;
let portal = '';

test.describe.serial('a business booking from a branch', () => {
  test('/checkout asks for the branch number and checks it', async ({ page }) => {
    await page.goto('/checkout?unit=s&term=m2m');
    await page.getByRole('radio', { name: 'Business (tax invoice)' }).check();
    await page.getByLabel('First name').fill('Niran');
    await page.getByLabel('Last name').fill('Branch');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
    await page.getByLabel('Address').fill('5 Thepkasattri Road, Thalang, Phuket');
    await page.getByLabel('Company name').fill('Andaman Dive Co., Ltd.');
    await page.getByLabel('Tax ID (13 digits)').fill('0107544000108');
    await expect(page.getByRole('radio', { name: 'Head office' })).toBeChecked();
    await page.getByRole('radio', { name: 'Branch', exact: true }).check();
    await page.getByLabel('Branch number').fill('123');
    await page.getByRole('radio', { name: /^Bank transfer/ }).check();
    const agreement = page.getByRole('document', { name: 'Rental agreement text' });
    await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByLabel('I have read and agree to the rental agreement').check();
    await page.getByLabel('Digital signature: type your full name').fill('Niran Branch');
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    await expect(page.getByText('Branch number should be 5 digits')).toBeVisible();
    await page.getByLabel('Branch number').fill('00012');
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    const reference = (await page.getByTestId('booking-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^BF2-[0-9A-Z]{8}$/);
    const mail = await waitForEmail(page.request, email, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
    portal = linkIn(mail.html, new RegExp(`/my-booking/${reference}\\?token=`));
  });

  test('the tax invoice names the branch in Thai and English; a change in the portal names the next invoices only', async ({ page }) => {
    await page.goto(portal);
    await page.getByRole('link', { name: 'View / PDF' }).first().click();
    await expect(page.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
    await expect(page.getByText('Tax ID: 0107544000108 · สาขาที่ 00012 / Branch 00012')).toBeVisible();
    // The seller, from the settings: the head office.
    await expect(page.getByText('Tax ID: 0835561012340 · สำนักงานใหญ่ / Head office')).toBeVisible();
    const invoice = page.url();

    await page.goto(portal);
    await expect(page.getByRole('radio', { name: 'Branch', exact: true })).toBeChecked();
    await expect(page.getByLabel('Branch number')).toHaveValue('00012');
    await page.getByLabel('Branch number').fill('00000');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Branch number 00000 is the head office: please choose Head office')).toBeVisible();
    await page.getByRole('radio', { name: 'Head office' }).check();
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details are saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Head office' })).toBeChecked();

    await page.goto(invoice);
    await expect(page.getByText('Tax ID: 0107544000108 · สาขาที่ 00012 / Branch 00012')).toBeVisible();
  });
});
