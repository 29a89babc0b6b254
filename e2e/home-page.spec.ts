import { expect, test } from '@playwright/test';

// The home page sections and the site chrome (header, footer, dialogs, language) in a desktop browser.

test('hero, service cards, reviews, contact and Live Support are on the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure self storage in Phuket');
  for (const badge of ['24/7 Access', 'Secure', 'Quick Booking']) await expect(page.getByText(badge, { exact: true })).toBeVisible();
  for (const service of ['Drive-Up', 'Climate Controlled', 'GreenBox']) await expect(page.getByRole('heading', { name: service, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rent GreenBoxes' })).toHaveAttribute('href', '/greenbox');

  const reviews = page.getByRole('region', { name: 'What our customers say' });
  await expect(reviews.getByText('5.0 out of 5 · 16 Google reviews')).toBeVisible();
  await expect(reviews.getByRole('listitem')).toHaveCount(6);

  const contact = page.getByRole('region', { name: 'Get in touch' });
  for (const app of ['WhatsApp', 'LINE', 'Messenger', 'Instagram']) await expect(contact.getByRole('link', { name: new RegExp(`^${app}`) }).first()).toBeVisible();
  await expect(contact.getByText('Monday to Saturday 9:00–18:00')).toBeVisible();
  await expect(contact.getByText('24/7 with your personal gate code')).toBeVisible();
  await expect(contact.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:+66936541234');
  await expect(contact.getByRole('link', { name: /Open map/ })).toHaveAttribute('href', /maps\.google\.com/);

  const support = page.getByRole('complementary', { name: 'Live Support' });
  await expect(support.getByRole('button', { name: /^AI Assistant/ })).toBeVisible();
});

test('the header shows phone, address and hours, and a WhatsApp link with a greeting', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /\+66 93 654 1234/ })).toHaveAttribute('href', 'tel:+66936541234');
  // The mobile menu repeats these lines once opened.
  await expect(header.getByText('Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110').first()).toBeVisible();
  await expect(header.getByText('Mon–Sat 9:00–18:00 · 24/7 access').first()).toBeVisible();
  const whatsapp = header.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/66936541234\?text=Hello/);
  await expect(whatsapp).toHaveAttribute('target', '_blank');
});

test('Units & Pricing in the header leads from another page to the units section', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Units & Pricing' }).click();
  await expect(page).toHaveURL(/\/#units$/);
  await expect(page.locator('#units')).toBeInViewport();
  for (const [name, href] of [['Box Rental', '/greenbox'], ['FAQ', '/faq'], ['Space Calculator', '/space-calculator']]) {
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name })).toHaveAttribute('href', href);
  }
});

test('Preview Contract opens the active agreement with blanks for the customer details', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Preview Contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'Self-Storage Rental Agreement' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Particulars' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Customer/ })).toContainText('________');
  await expect(dialog).not.toContainText('{{');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('footer shows contact and copyright and opens the Terms & Conditions and Privacy Policy', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /hello@phuketselfstorage\.com/ })).toHaveAttribute('href', 'mailto:hello@phuketselfstorage.com');
  await expect(footer.getByRole('link', { name: /\+66 93 654 1234/ })).toBeVisible();
  await expect(footer.getByText(/© \d{4} Phuket Self Storage Co., Ltd./)).toBeVisible();

  await footer.getByRole('button', { name: 'Terms & Conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(terms.getByText('Version 1')).toBeVisible();
  await terms.getByRole('button', { name: 'Close' }).click();
  await expect(terms).toBeHidden();

  await footer.getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
});

test('switching language keeps the page and its query string', async ({ page }) => {
  await page.goto('/faq?from=test');
  await page.getByRole('banner').getByRole('link', { name: 'Russian' }).click();
  await expect(page).toHaveURL(/\/ru\/faq\?from=test$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('banner').getByRole('link', { name: 'Английский' }).click();
  await expect(page).toHaveURL(/\/faq\?from=test$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('Thai and Russian home pages are translated', async ({ page }) => {
  await page.goto('/th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ห้องเก็บของปลอดภัยในภูเก็ต');
  await expect(page.getByRole('banner').getByText('จ.–ส. 9:00–18:00 น. · เข้าออกได้ 24 ชม.').first()).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'ข้อกำหนดและเงื่อนไข' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('ตรงข้ามโบ๊ท อเวนิว ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110')).toBeVisible();
  await page.goto('/ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Надёжное хранение вещей на Пхукете');
  await expect(page.getByRole('contentinfo').getByText('Напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Образец договора' })).toBeVisible();
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-out menu opens with aria-expanded, links to app features and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'App Features' })).toHaveAttribute('href', '/mobile-features');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole('link', { name: 'Units & Pricing' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#units')).toBeInViewport();
  });

  test('Escape in the contract opened from the menu closes the contract only, then the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Preview Contract' }).click();
    const contract = page.getByRole('dialog', { name: /agreement/i });
    await expect(contract).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(contract).toBeHidden();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test.describe('a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const headers = [
    { path: '/', menu: 'Open menu', languages: ['English', 'Thai', 'Russian'] },
    { path: '/th', menu: 'เปิดเมนู', languages: ['อังกฤษ', 'ไทย', 'รัสเซีย'] },
    { path: '/ru', menu: 'Открыть меню', languages: ['Английский', 'Тайский', 'Русский'] },
  ];
  for (const { path, menu, languages } of headers) {
    test(`the header of ${path} keeps the menu button and every language on screen`, async ({ page }) => {
      await page.goto(path);
      const banner = page.getByRole('banner');
      for (const target of [banner.getByRole('button', { name: menu }), ...languages.map((name) => banner.getByRole('link', { name, exact: true }))]) {
        const box = await target.boundingBox();
        expect(box, `${path}: ${await target.textContent()}`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      }
    });
  }

  test('the header shows where we are, on one line that fits the screen', async ({ page }) => {
    await page.goto('/');
    const address = page.getByRole('banner').getByText('Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110');
    await expect(address).toBeVisible();
    const box = await address.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(box!.height).toBeLessThan(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
