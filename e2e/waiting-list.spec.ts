import { expect, test, type Page } from '@playwright/test';

// The waiting-list dialog for the sold-out type (xxl): its states as a visitor meets them.

async function openDialog(page: Page) {
  await page.locator('#units article[data-unit="xxl"]').getByRole('button', { name: 'Notify Me' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('missing name or email shows Missing Information and keeps the dialog open', async ({ page }) => {
  await page.goto('/');
  const dialog = await openDialog(page);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await dialog.getByLabel('Email').fill('someone@example.com');
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Missing Information');
  await expect(dialog.getByRole('alert')).toContainText('Please provide your name and email address');
});

test('joining succeeds once (dialog closes, form cleared) and a second try is refused as a duplicate', async ({ page }) => {
  const email = `wl-${Date.now()}@example.com`;
  await page.goto('/');
  let dialog = await openDialog(page);
  await dialog.getByLabel('Name').fill('Somchai Jaidee');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone (optional)').fill('+66 81 234 5678');
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(page.getByRole('status').getByText('Successfully Added to Waiting List!')).toBeVisible();
  await expect(page.getByText("We'll notify you as soon as this unit becomes available.")).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = await openDialog(page);
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await dialog.getByLabel('Name').fill('Somchai Jaidee');
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Already on waiting list');
  await expect(dialog).toBeVisible();
});

test('the dialog speaks Russian on /ru', async ({ page }) => {
  await page.goto('/ru');
  await page.locator('#units article[data-unit="xxl"]').getByRole('button', { name: 'Сообщить мне' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Встать в лист ожидания' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Не хватает данных');
});
