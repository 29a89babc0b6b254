import { expect, test } from '@playwright/test';
import { LOCALES, msg, pathIn } from './fixtures/locales';

// The home page's unit listing, More Info dialog, waiting list and footer dialogs, driven as a visitor would.

test('unit cards show live prices, availability ribbons and a SOLD OUT type with Notify Me', async ({ page }) => {
  await page.goto('/');
  const units = page.locator('#units');
  const medium = units.locator('article, li').filter({ has: page.getByRole('heading', { name: 'Medium Unit', exact: true }) }).first();
  await expect(medium.getByText(/฿2,700/)).toBeVisible();
  await expect(medium.getByRole('link', { name: /Book Now/ })).toHaveAttribute('href', '/booking-v2?unit=m');
  await expect(units.getByText('Almost Sold Out').first()).toBeVisible();
  await expect(units.getByText('Limited').first()).toBeVisible();
  await expect(units.getByText('SOLD OUT').first()).toBeVisible();
  await expect(units.getByRole('button', { name: /Notify Me/ }).first()).toBeVisible();
  await expect(units.getByRole('img', { name: 'Medium Unit' })).toHaveAttribute('src', '/units/m.svg');
});

test('More Info shows the details and closes with Escape', async ({ page }) => {
  await page.goto('/');
  await page.locator('#units').getByRole('button', { name: /More Info/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Dimensions')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the waiting list answers a second sign-up like the first, never telling who is listed', async ({ page }) => {
  await page.goto('/');
  const join = async () => {
    await page.locator('#units').getByRole('button', { name: /Notify Me/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Olga Petrova');
    await dialog.getByLabel('Email').fill('olga.waitlist@example.com');
    await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  };
  await join();
  await expect(page.getByText('Successfully Added to Waiting List!')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await join();
  await expect(page.getByText('Successfully Added to Waiting List!')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('footer opens the Terms & Conditions and Privacy Policy documents', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Terms & Conditions' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // From the keyboard, as a button opens: Space as well as Enter.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy Policy' }).focus();
  await page.keyboard.press(' ');
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

// A phone on a slow network shows the footer before the page's scripts have run: a tap on Terms or Privacy then opens
// the legal page at that document instead of doing nothing (components/legal/legal-dialog-button.tsx).
for (const locale of LOCALES) {
  test(`${locale}: before the scripts run, the footer's Terms and Privacy open the legal page at that document`, async ({ browser }) => {
    const messages = msg(locale);
    // Less motion, as a visitor may ask for: the page then jumps instead of gliding (app/globals.css).
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      for (const [label, id, title] of [
        [messages.footer.terms, 'terms', messages.legalPage.termsTitle],
        [messages.footer.privacy, 'privacy', messages.legalPage.privacyTitle],
      ] as const) {
        await page.goto(pathIn(locale, '/'));
        await page.getByRole('contentinfo').getByRole('button', { name: label }).click();
        await expect(page).toHaveURL((url) => url.pathname === pathIn(locale, '/legal') && url.hash === `#${id}`);
        await expect(page.locator(`#${id}`).getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });
}

test('the language switcher keeps the page', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('link', { name: /Thai/ }).first().click();
  await expect(page).toHaveURL(/\/th\/faq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
});
