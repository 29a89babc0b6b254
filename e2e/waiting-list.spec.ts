import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForEmail } from './admin-helpers';

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

test('joining asks to confirm from the email; the link confirms the place; joining again answers the same', async ({ page, request }) => {
  const email = `wl-${Date.now()}@example.com`;
  await page.goto('/');
  let dialog = await openDialog(page);
  await dialog.getByLabel('Name').fill('Somchai Jaidee');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone (optional)').fill('+66 81 234 5678');
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(page.getByRole('status').getByText('Successfully Added to Waiting List!')).toBeVisible();
  await expect(page.getByText('We have emailed you a link: press it to confirm your place.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The toast sits at the bottom of the screen, where the visitor is looking, not somewhere in the page.
  const toast = await page.getByText('Successfully Added to Waiting List!').boundingBox();
  const viewport = page.viewportSize();
  expect(toast && viewport && toast.y > viewport.height / 2 && toast.y + toast.height <= viewport.height).toBe(true);

  // Double opt-in (docs/product-rules.md#holds): the place counts once the emailed button is pressed.
  const mail = await waitForEmail(request, email, (e) => e.subject.startsWith('Confirm your place on the waiting list'));
  await page.goto(linkIn(mail.html, /\/waiting-list\/[a-z0-9]+\/confirm\?token=/));
  await page.getByRole('button', { name: 'Confirm my place' }).click();
  await expect(page.getByRole('status')).toContainText("You're on the waiting list for");
  // The person sees their place in line, and can follow it from a link of their own.
  await expect(page.getByText(/You are number \d+ of \d+ waiting for a/)).toBeVisible();
  await page.getByRole('link', { name: 'Follow your place in line' }).click();
  await expect(page.getByRole('heading', { name: 'Your place on the waiting list' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/You are number \d+ of \d+ waiting for a/);

  // Signing up again is answered like a first sign-up: the dialog never tells whether an address is listed.
  await page.goto('/');
  dialog = await openDialog(page);
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await dialog.getByLabel('Name').fill('Somchai Jaidee');
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(page.getByRole('status').getByText('Successfully Added to Waiting List!')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the dialog speaks Russian on /ru', async ({ page }) => {
  await page.goto('/ru');
  await page.locator('#units article[data-unit="xxl"]').getByRole('button', { name: 'Сообщить мне' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Встать в лист ожидания' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Не хватает данных');
});

test('an email that is not an address says so and keeps what was typed', async ({ page }) => {
  await page.goto('/');
  const dialog = await openDialog(page);
  await dialog.getByLabel('Name').fill('Anna');
  await dialog.getByLabel('Email').fill('anna-at-example');
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Invalid Email');
  await expect(dialog.getByLabel('Name')).toHaveValue('Anna');
  await expect(dialog.getByLabel('Email')).toHaveValue('anna-at-example');
});

// The server action is a POST to the page carrying a Next-Action header: fail it the two ways a visitor can meet.
async function failWaitingListAction(page: Page, how: 'server' | 'network') {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST' || !(await request.headerValue('next-action'))) return route.continue();
    return how === 'network' ? route.abort('internetdisconnected') : route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
  });
}

test('a server failure shows Server Error and keeps the form filled in', async ({ page }) => {
  await page.goto('/');
  await failWaitingListAction(page, 'server');
  const dialog = await openDialog(page);
  await dialog.getByLabel('Name').fill('Boris');
  await dialog.getByLabel('Email').fill('boris@example.com');
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Server Error');
  await expect(dialog.getByRole('alert')).toContainText('The server is having issues. Please try again in a moment.');
  await expect(dialog.getByLabel('Email')).toHaveValue('boris@example.com');
});

test('a lost connection shows Connection Error', async ({ page }) => {
  await page.goto('/');
  await failWaitingListAction(page, 'network');
  const dialog = await openDialog(page);
  await dialog.getByLabel('Name').fill('Boris');
  await dialog.getByLabel('Email').fill('boris@example.com');
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Connection Error');
  await expect(dialog.getByLabel('Name')).toHaveValue('Boris');
});
