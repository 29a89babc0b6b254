import { expect, test } from '@playwright/test';
import { onePagePdf, PNG_1PX } from '../test/fixtures/files';

const PNG = PNG_1PX;

test.describe('payment endpoints', () => {
  test('proof upload accepts real images and PDFs by content and rejects the rest', async ({ request }) => {
    const ok = await request.post('/api/payment-proofs', { multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: PNG } } });
    expect(ok.status()).toBe(200);
    const body = await ok.json();
    expect(body.id).toMatch(/^[a-f0-9]{32}$/);
    expect(body.fileName).toBe('slip.png');

    const pdf = await request.post('/api/payment-proofs', { multipart: { file: { name: 'slip', mimeType: 'application/octet-stream', buffer: await onePagePdf() } } });
    expect(await pdf.json()).toMatchObject({ fileName: 'slip.pdf' });

    // Named .png but it is text: judged by its bytes.
    const fake = await request.post('/api/payment-proofs', { multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from('not an image') } } });
    expect(fake.status()).toBe(400);
    expect(await fake.json()).toEqual({ error: 'type' });

    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await request.post('/api/payment-proofs', { multipart: { file: { name: 'big.png', mimeType: 'image/png', buffer: big } } });
    expect(tooBig.status()).toBe(400);
    expect(await tooBig.json()).toEqual({ error: 'size' });
  });

  test('the Stripe webhook rejects an unsigned event', async ({ request }) => {
    const res = await request.post('/api/stripe/webhook', {
      headers: { 'stripe-signature': 't=1,v1=deadbeef', 'content-type': 'application/json' },
      data: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } }),
    });
    expect(res.status()).toBe(400);
  });

  test('cron jobs need the bearer secret', async ({ request }) => {
    const res = await request.post('/api/cron/release-holds');
    expect(res.status()).toBe(401);
  });

  test('the success page says so when the booking is unknown', async ({ page }) => {
    await page.goto('/booking-v2-success?bookingReference=BF2-00000000&bookingId=nope&paymentMethod=cash');
    await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
  });
});
