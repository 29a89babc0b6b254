import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForEmail } from './admin-helpers';

// LINE messages (docs/product-rules.md#line-messages): with LINE configured (scripts/e2e-server.mjs, fake LINE server),
// a tenant gets a one-time code in the portal, sends it to the Official Account (here: LINE's signed webhook call),
// and the portal shows "LINE linked"; a webhook call with a wrong signature links nothing.
test.describe.configure({ mode: 'serial' });

const EMAIL = `line-${Date.now()}@example.com`;
const SECRET = 'e2e-line-channel-secret';
const LINE_FAKE = `http://127.0.0.1:${process.env.FAKE_LINE_PORT ?? 3194}`;
let portalUrl = '';

async function bookAndPay(page: Page): Promise<string> {
  await page.goto('/checkout?unit=s&term=m2m');
  await page.getByLabel('First name').fill('Somchai');
  await page.getByLabel('Last name').fill('Linewala');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Phone number').fill(`08${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  await page.getByLabel('Address').fill('9 Rat-U-Thit Road, Patong, Phuket');
  await page.getByRole('radio', { name: /^PromptPay/ }).check();
  const agreement = page.getByRole('document', { name: 'Rental agreement text' });
  await agreement.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByLabel('I have read and agree to the rental agreement').check();
  await page.getByLabel('Digital signature: type your full name').fill('Somchai Linewala');
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  const ref = (await page.getByTestId('booking-reference').textContent()) ?? '';
  expect(ref).toMatch(/^BF2-/);
  return ref;
}

function webhook(code: string, userId: string) {
  return JSON.stringify({
    destination: 'Ue2ebot',
    events: [{ type: 'message', replyToken: `reply-${userId}`, source: { type: 'user', userId }, message: { type: 'text', id: '1', text: code } }],
  });
}
const sign = (body: string, secret = SECRET) => crypto.createHmac('sha256', secret).update(body).digest('base64');

test('a tenant books; the portal offers "Link LINE" and shows a one-time code', async ({ page, request }) => {
  const reference = await bookAndPay(page);
  const mail = await waitForEmail(request, EMAIL, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
  portalUrl = linkIn(mail.html, new RegExp(`/my-booking/${reference}\\?token=`)).replace(/^https?:\/\/[^/]+/, '');
  await page.goto(portalUrl);
  await expect(page.getByRole('heading', { name: 'LINE messages' })).toBeVisible();
  await page.getByRole('button', { name: 'Link LINE' }).click();
  await expect(page.getByText('Your link code')).toBeVisible();
  await expect(page.getByTestId('line-code')).toHaveText(/^[A-HJ-NP-Z2-9]{8}$/);
});

test('the code sent to the Official Account links LINE; a wrong signature is refused', async ({ page, request }) => {
  await page.goto(portalUrl);
  const code = (await page.getByTestId('line-code').textContent())!;
  const userId = `U${crypto.randomBytes(16).toString('hex')}`;
  const body = webhook(code, userId);
  const forged = await request.post('/api/line/webhook', { data: body, headers: { 'content-type': 'application/json', 'x-line-signature': sign(body, 'not-the-secret') } });
  expect(forged.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Link LINE' })).toBeVisible();

  const real = await request.post('/api/line/webhook', { data: body, headers: { 'content-type': 'application/json', 'x-line-signature': sign(body) } });
  expect(real.status()).toBe(200);
  expect(await real.json()).toMatchObject({ linked: 1 });
  // The customer is answered on LINE.
  const received = (await (await request.get(`${LINE_FAKE}/__received`)).json()) as { replies: { replyToken: string; texts: string[] }[] };
  expect(received.replies.find((r) => r.replyToken === `reply-${userId}`)?.texts[0]).toContain('Your LINE is now linked');

  await page.reload();
  await expect(page.getByText('LINE linked', { exact: true })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Unlink LINE' }).click();
  await expect(page.getByRole('button', { name: 'Link LINE' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Link LINE' })).toBeVisible();
  await expect(page.getByText('LINE linked', { exact: true })).toHaveCount(0);
});
