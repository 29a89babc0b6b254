import { expect, test } from '@playwright/test';

// The email preview is a development tool: a production server does not have it.
test('the email preview does not exist in production', async ({ request }) => {
  expect((await request.get('/api/dev/emails')).status()).toBe(404);
  expect((await request.get('/api/dev/emails?template=booking-confirmation-cash&locale=th')).status()).toBe(404);
});
