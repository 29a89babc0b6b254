import { expect, test } from '@playwright/test';
import { signInStaff } from './admin-helpers';

// A staff member takes a visitor's conversation over in /admin/conversations and replies; the visitor sees the reply
// in the same chat window and the assistant stays silent from then on.

const FAKE_OPENAI = `http://127.0.0.1:${process.env.FAKE_OPENAI_PORT ?? 3193}`;

test('staff take over a conversation and the visitor sees the reply', async ({ browser, request }) => {
  await request.post(`${FAKE_OPENAI}/__reset`);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Chat with us' }).click();
  await visitor.getByRole('menuitem', { name: /AI Assistant/ }).click();
  const panel = visitor.getByRole('dialog', { name: 'AI Assistant' });
  const question = `Can a person call me about a unit for my boat? (${Date.now()})`;
  await panel.getByLabel('Your message').fill(question);
  await panel.getByLabel('Your message').press('Enter');
  await expect(panel.getByText('Hello! How can I help with storage?')).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff);
  await staff.goto('/admin/conversations');
  await expect(staff.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await staff.getByRole('row', { name: new RegExp(question.replace(/[()?]/g, '\\$&')) }).getByRole('link', { name: 'Open' }).click();
  await expect(staff.getByText(question)).toBeVisible();
  await staff.getByRole('button', { name: 'Take over' }).click();
  await expect(staff.getByRole('button', { name: 'Hand back to the assistant' })).toBeVisible();
  await staff.getByLabel('Your reply').fill('Hi, this is the office. We will call you in 5 minutes about a boat bay.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Reply sent.')).toBeVisible();

  // The open chat window polls: the reply and the notice arrive without a reload.
  await expect(panel.getByText('Hi, this is the office. We will call you in 5 minutes about a boat bay.')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText('A member of our team has joined the chat and will reply here.')).toBeVisible();
  await expect(panel.getByText('Phuket Self Storage team')).toBeVisible();

  // From now on the assistant stays silent: the model is not asked again.
  const before = (await (await request.get(`${FAKE_OPENAI}/__requests`)).json()).length;
  await panel.getByLabel('Your message').fill('Thank you!');
  await panel.getByLabel('Your message').press('Enter');
  await expect(panel.getByText('Thank you!', { exact: true })).toBeVisible();
  await staff.reload();
  await expect(staff.getByText('Thank you!', { exact: true })).toBeVisible();
  expect((await (await request.get(`${FAKE_OPENAI}/__requests`)).json()).length).toBe(before);

  await visitorContext.close();
  await staffContext.close();
});
