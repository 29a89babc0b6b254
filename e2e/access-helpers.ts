import { devices, expect, type Browser, type Page } from '@playwright/test';
import { linkIn, waitForEmail } from './admin-helpers';

/** Steps of a rental up to its gate access (docs/product-rules.md#identity-and-gate-access), shared by the access specs. */
export async function bookAndPay(page: Page, email: string, name: [string, string]): Promise<string> {
  await page.goto('/checkout?unit=s&term=m2m');
  await page.getByLabel('First name').fill(name[0]);
  await page.getByLabel('Last name').fill(name[1]);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  await page.getByLabel('Address').fill('9 Rat-U-Thit Road, Patong, Phuket');
  await page.getByRole('radio', { name: /^PromptPay/ }).check();
  const agreement = page.getByRole('document', { name: 'Rental agreement text' });
  await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill(name.join(' '));
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  const ref = (await page.getByTestId('booking-reference').textContent()) ?? '';
  expect(ref).toMatch(/^BF2-/);
  return ref;
}

export async function portalLink(request: Parameters<typeof waitForEmail>[0], email: string, ref: string): Promise<string> {
  const mail = await waitForEmail(request, email, (e) => (e.html ?? '').includes(`/my-booking/${ref}?token=`));
  return linkIn(mail.html, new RegExp(`/my-booking/${ref}\\?token=`)).replace(/^https?:\/\/[^/]+/, '');
}

export async function phone(browser: Browser) {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  return { context, page: await context.newPage() };
}
