import { expect, test, type Page } from '@playwright/test';

// Unit cards on the home page as a visitor sees them, with the seeded availability:
// l 2 left (Almost Sold Out), xl 4 left (Limited), xxl sold out, gb = The Stack; every type has its picture.

function card(page: Page, name: string) {
  return page.locator('#units article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('cards show name, size lines, live price, availability and ribbons', async ({ page }) => {
  await page.goto('/');
  const medium = card(page, 'Medium Unit');
  await expect(medium.getByText('2 m × 3 m × 2.5 m')).toBeVisible();
  await expect(medium.getByText('6 m² · 15 m³')).toBeVisible();
  await expect(medium.getByText('From ฿2,700/month')).toBeVisible();
  await expect(medium.getByText('12 available')).toBeVisible();
  await expect(medium.getByText('Most popular size')).toBeVisible();

  await expect(card(page, 'Large Unit').getByText('Almost Sold Out')).toBeVisible();
  await expect(card(page, 'Large Unit').getByText('2 available')).toBeVisible();
  await expect(card(page, 'Extra Large Unit').getByText('Limited')).toBeVisible();
  await expect(card(page, 'Small Unit').getByText(/Almost Sold Out|Limited/)).toHaveCount(0);
  // The Climate-Controlled Drive-Up unit has a picture of its own (issue 37).
  await expect(card(page, 'Climate-Controlled Drive-Up Unit').getByRole('img', { name: 'Climate-Controlled Drive-Up Unit' })).toHaveAttribute('src', '/units/m1cc.svg');
  await expect(page.locator('#units').getByText('No Image Available')).toHaveCount(0);
});

test('in Russian, sizes use the decimal comma and the metre as м, like the volumes', async ({ page }) => {
  await page.goto('/ru');
  const small = card(page, 'Маленький бокс');
  await expect(small.getByText('1,5 м × 2 м × 2,5 м')).toBeVisible();
  await expect(small.getByText('3 м² · 7,5 м³')).toBeVisible();
  await expect(page.locator('#units')).not.toContainText(/\d\.\d\s?(m|м)/);
});

test('The Stack shows its first-month offer', async ({ page }) => {
  await page.goto('/');
  const stack = card(page, 'The Stack');
  await expect(stack.getByText('From ฿6,500/month')).toBeVisible();
  await expect(stack.getByText('30% off your first month: ฿4,550 for the first month')).toBeVisible();
});

test('a sold-out type shows SOLD OUT, Notify Me instead of Book Now, and sorts last', async ({ page }) => {
  await page.goto('/');
  const xxl = card(page, 'Double Extra Large Unit');
  await expect(xxl.getByText('SOLD OUT')).toBeVisible();
  await expect(xxl.getByRole('button', { name: 'Notify Me' })).toBeVisible();
  await expect(xxl.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
  await expect(page.locator('#units article').last()).toHaveAttribute('data-unit', 'xxl');
});

test('available types are listed by price and Book Now carries the unit code', async ({ page }) => {
  await page.goto('/');
  const codes = await page.locator('#units article').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')));
  expect(codes.slice(0, 3)).toEqual(['s', 'm', 'm6']);
  await expect(card(page, 'Small Unit').getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking-v2?unit=s');
  await card(page, 'Medium Unit').getByRole('link', { name: 'Book Now' }).click();
  await page.waitForURL(/\/booking-v2\?unit=m$/, { timeout: 45_000 });
});

test('More Info shows image, dimensions, availability, description and at most five features; Escape closes it', async ({ page }) => {
  // A picture that fails to load falls back to the placeholder, never a broken image.
  await page.route('**/units/m1cc.svg', (route) => route.abort());
  await page.goto('/');
  await card(page, 'Climate-Controlled Drive-Up Unit').getByRole('button', { name: 'More Info' }).click();
  const dialog = page.getByRole('dialog', { name: 'Climate-Controlled Drive-Up Unit' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No Image Available')).toBeVisible();
  await expect(dialog.getByText('Dimensions')).toBeVisible();
  await expect(dialog.getByText('Availability')).toBeVisible();
  await expect(dialog.getByText('6 available')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(5);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Largest drive-up unit' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking-v2?unit=m1cc');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Climate-Controlled Drive-Up Unit').getByRole('button', { name: 'More Info' })).toBeFocused();
});

test('a sold-out type says so in More Info and offers Notify Me there instead of Book Now', async ({ page }) => {
  await page.goto('/');
  await card(page, 'Double Extra Large Unit').getByRole('button', { name: 'More Info' }).click();
  const dialog = page.getByRole('dialog', { name: 'Double Extra Large Unit' });
  await expect(dialog.getByText('Sold Out', { exact: false }).first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('dialog', { name: /waiting list/i })).toBeVisible();
});

test('cards are translated in Thai and Russian with the same database prices', async ({ page }) => {
  await page.goto('/th');
  await expect(card(page, 'ห้องเก็บของขนาดกลาง').getByText('เริ่มต้น ฿2,700/เดือน')).toBeVisible();
  await expect(page.locator('#units').getByText('เต็มแล้ว').first()).toBeVisible();
  await expect(page.locator('#units article[data-unit="m"] a')).toHaveAttribute('href', '/th/booking-v2?unit=m');
  await page.goto('/ru');
  await expect(card(page, 'Средний бокс').getByText(/^От ฿2\s?700\/мес\.$/)).toBeVisible();
  await expect(page.locator('#units').getByRole('button', { name: 'Сообщить мне' })).toBeVisible();
});
