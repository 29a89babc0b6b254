import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The floating chat widget and the AI assistant on a desktop browser, against the fake OpenAI-compatible server that
// scripts/e2e-server.mjs starts (test/fakes/openai-server.ts).

const FAKE_OPENAI = `http://127.0.0.1:${process.env.FAKE_OPENAI_PORT ?? 3193}`;

test.afterEach(async ({ request }) => {
  await request.post(`${FAKE_OPENAI}/__reset`);
});

/** The free units of a type now, as the site counts them: the e2e seed's counts change as other specs on this server book. */
async function freeUnits(request: APIRequestContext, code: string): Promise<number> {
  const { unitTypes } = (await (await request.get('/api/unit-types?locale=en')).json()) as { unitTypes: { code: string; availableCount: number }[] };
  return unitTypes.find((u) => u.code === code)!.availableCount;
}

async function openAssistant(page: Page, path = '/') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await page.getByRole('menuitem', { name: /AI Assistant/ }).click();
  const panel = page.getByRole('dialog', { name: 'AI Assistant' });
  await expect(panel.getByText(/Hi! I'm the Phuket Self Storage assistant/)).toBeVisible();
  return panel;
}

test('the chat button appears after a second on every public page, and no chat code loads until the assistant is opened', async ({ page }) => {
  const scripts: string[] = [];
  const chatCalls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
    if (r.url().includes('/api/chat')) chatCalls.push(r.url());
  });
  for (const path of ['/faq', '/th/space-calculator', '/ru/greenbox']) {
    await page.goto(path);
    const shownAt = await page.waitForFunction(() => {
      const b = document.querySelector('button[aria-controls="chat-menu"], button[aria-label="Chat with us"], button[aria-label="แชทกับเรา"], button[aria-label="Написать нам"]');
      return b ? performance.now() : null;
    });
    expect(await shownAt.jsonValue(), path).toBeGreaterThanOrEqual(1000);
  }
  // Visiting /th and /ru remembered the language; back to English.
  await page.context().clearCookies();
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Chat with us' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'How can we help?' });
  await expect(menu.getByRole('menuitem', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/66936541234\?text=Hello/);
  expect(chatCalls).toEqual([]);
  const before = new Set(scripts);

  await menu.getByRole('menuitem', { name: /AI Assistant/ }).click();
  await expect(page.getByRole('dialog', { name: 'AI Assistant' })).toBeVisible();
  expect(scripts.filter((s) => !before.has(s)).length).toBeGreaterThan(0);
  expect(chatCalls.some((u) => u.endsWith('/api/chat/conversations'))).toBe(true);
});

test('each channel click in the widget sends chat_platform_click with its platform and source', async ({ page, context }) => {
  await context.route(/wa\.me/, (route) => route.abort());
  await page.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const popup = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: /WhatsApp/ }).click();
  await (await popup).close();
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await page.getByRole('menuitem', { name: /AI Assistant/ }).click();
  await page.getByRole('dialog', { name: 'AI Assistant' }).getByRole('button', { name: 'Close chat' }).click();
  await page.getByRole('complementary', { name: 'Live Support' }).getByRole('button', { name: /AI Assistant/ }).click();
  await expect(page.getByRole('dialog', { name: 'AI Assistant' })).toBeVisible();
  const events = await page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer.filter((e) => e.event === 'chat_platform_click'));
  expect(events).toEqual([
    { event: 'chat_platform_click', platform: 'whatsapp', source: 'chat_widget' },
    { event: 'chat_platform_click', platform: 'ai_assistant', source: 'chat_widget' },
    { event: 'chat_platform_click', platform: 'ai_assistant', source: 'live_support' },
  ]);
});

test('a conversation: no empty sends, Shift+Enter for a new line, Enter sends, thinking shows, the answer streams in, a reload keeps it', async ({ page, request }) => {
  const panel = await openAssistant(page);
  const box = panel.getByLabel('Your message');
  const send = panel.getByRole('button', { name: 'Send' });
  await expect(box).toBeFocused();
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await box.press('Enter');
  await expect(panel.getByText('You', { exact: true })).toHaveCount(0);

  await box.fill('How much is unit M');
  await box.press('Shift+Enter');
  await box.pressSequentially('per month?');
  await expect(box).toHaveValue('How much is unit M\nper month?');
  await expect(panel.getByText('You', { exact: true })).toHaveCount(0);

  const medium = await freeUnits(request, 'm');
  await request.post(`${FAKE_OPENAI}/__delay?ms=1500`);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(panel.getByRole('status')).toHaveText('Thinking…');
  await expect(panel.getByText(`The Medium Unit is ฿2,700 a month (VAT included); ${medium} available.`)).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);

  await page.reload();
  const again = page.getByRole('dialog', { name: 'AI Assistant' });
  await expect(again.getByText('How much is unit M\nper month?')).toBeVisible();
  await expect(again.getByText(`The Medium Unit is ฿2,700 a month (VAT included); ${medium} available.`)).toBeVisible();
});

test('nothing is sent while a reply is pending; the next question waits in the box', async ({ page, request }) => {
  const panel = await openAssistant(page);
  const box = panel.getByLabel('Your message');
  const small = await freeUnits(request, 's');
  await request.post(`${FAKE_OPENAI}/__delay?ms=2000`);
  await box.fill('How much is unit S?');
  await box.press('Enter');
  await expect(panel.getByRole('status')).toBeVisible();
  await box.fill('And unit L?');
  await box.press('Enter');
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(panel.getByText(`The Small Unit is ฿1,400 a month (VAT included); ${small} available.`)).toBeVisible();
  await expect(box).toHaveValue('And unit L?');
  // One question was sent, not two.
  await expect(panel.getByText('You', { exact: true })).toHaveCount(1);
});

test('a failed reply shows the apology pointing to WhatsApp, LINE or Messenger and keeps the question', async ({ page, request }) => {
  const panel = await openAssistant(page);
  await request.post(`${FAKE_OPENAI}/__fail?n=5`);
  await panel.getByLabel('Your message').fill('How much is unit XL?');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('alert')).toHaveText("Sorry, I couldn't answer just now. Please try again, or message our team on WhatsApp, LINE or Messenger.");
  await expect(panel.getByText('How much is unit XL?', { exact: true })).toBeVisible();
  for (const name of ['WhatsApp', 'LINE', 'Messenger']) await expect(panel.getByRole('link', { name, exact: true })).toHaveAttribute('target', '_blank');
});

test('a message over 1,000 characters is refused with a clear message and stays in the box', async ({ page }) => {
  const panel = await openAssistant(page);
  const long = 'a'.repeat(1001);
  await panel.getByLabel('Your message').fill(long);
  await expect(panel.getByText('1001 / 1000 characters')).toBeVisible();
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Your message is too long: at most 1000 characters.');
  await expect(panel.getByLabel('Your message')).toHaveValue(long);
});

test('when the chat cannot start, the spec error shows with a retry', async ({ page }) => {
  await page.route('**/api/chat/conversations', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await page.getByRole('menuitem', { name: /AI Assistant/ }).click();
  const panel = page.getByRole('dialog', { name: 'AI Assistant' });
  await expect(panel.getByRole('alert')).toContainText('Failed to initialize chat. Please try again.');
  await page.unroute('**/api/chat/conversations');
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByText(/Hi! I'm the Phuket Self Storage assistant/)).toBeVisible();
});

test('the assistant greets and answers in Russian on a Russian page', async ({ page }) => {
  await page.goto('/ru');
  await page.getByRole('button', { name: 'Написать нам' }).click();
  await page.getByRole('menuitem', { name: /ИИ-ассистент/ }).click();
  const panel = page.getByRole('dialog', { name: 'ИИ-ассистент' });
  await expect(panel.getByText(/^Здравствуйте! Я ассистент Phuket Self Storage/)).toBeVisible();
  await panel.getByLabel('Ваше сообщение').fill('Сколько стоит бокс XL?');
  await panel.getByLabel('Ваше сообщение').press('Enter');
  // Russian groups thousands with a space, as every price on the Russian site.
  await expect(panel.getByText(/^Очень большой бокс: ฿12\s000 в месяц \(с НДС\), свободно: 4\.$/)).toBeVisible();
  await panel.getByRole('button', { name: 'Закрыть чат' }).click();
  await expect(panel).toBeHidden();
});
