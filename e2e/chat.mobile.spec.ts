import { expect, test } from '@playwright/test';

// The assistant on a phone: a Thai price question answered with the live figure, and the widget out of the booking
// wizard's way.

test('on a phone in Thai, a price question gets the live monthly price of the unit', async ({ page, request }) => {
  const listing = await (await request.get('/api/unit-types?locale=th')).json();
  const m = listing.unitTypes.find((u: { code: string }) => u.code === 'm');
  const price = `฿${m.startingPrice.baht.toLocaleString('en-US')}`;

  await page.goto('/th');
  await page.getByRole('button', { name: 'แชทกับเรา' }).click();
  await page.getByRole('menuitem', { name: /ผู้ช่วย AI/ }).click();
  const panel = page.getByRole('dialog', { name: 'ผู้ช่วย AI' });
  await expect(panel.getByText(/^สวัสดีค่ะ! ฉันคือผู้ช่วยของ Phuket Self Storage/)).toBeVisible();
  // The window takes the whole phone screen.
  const box = await panel.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.width).toBeGreaterThanOrEqual(viewport.width - 1);

  await panel.getByLabel('ข้อความของคุณ').fill('ยูนิต M ราคาเดือนละเท่าไหร่คะ');
  await panel.getByRole('button', { name: 'ส่ง', exact: true }).click();
  await expect(panel.getByText(`${m.name} ราคา ${price} ต่อเดือน (รวม VAT) ว่าง ${m.availableCount} ห้อง`)).toBeVisible();
  await panel.getByRole('button', { name: 'ปิดแชท' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'แชทกับเรา' })).toBeVisible();
});

test('in the booking wizard on a phone the chat button stays off the screen, so Back and Next are never covered', async ({ page }) => {
  await page.goto('/booking-v2?unit=m');
  // The button joins the page a moment after it loads (components/chat/chat-launcher.tsx): once it is there, it is hidden.
  const button = page.getByRole('button', { name: 'Chat with us', includeHidden: true });
  await expect(button).toBeAttached();
  await expect(button).toBeHidden();
  await page.goto('/faq');
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
});
