import { expect, test } from '@playwright/test';

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
  await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the language switcher keeps the page', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('link', { name: /Thai/ }).first().click();
  await expect(page).toHaveURL(/\/th\/faq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
});
