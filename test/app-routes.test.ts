import { describe, expect, it } from 'vitest';
import { isAppRoute } from './app-routes';

describe('isAppRoute: the check the email-link test relies on', () => {
  it('knows the pages a customer is sent to, in every language, and the site files', () => {
    for (const p of ['/', '/th', '/ru/faq', '/th/pay-invoice/inv_1', '/ru/invoice/inv_1', '/th/my-booking/BF2-ABCD1234', '/ru/waiting-list/e1/confirm', '/api/invoices/inv_1/pdf', '/units/m.svg']) {
      expect(isAppRoute(p), p).toBe(true);
    }
  });

  it('refuses a doubled language prefix, a dead page and a missing file', () => {
    for (const p of ['/th/th/pay-invoice/inv_1', '/ru/ru/invoice/inv_1', '/en/th/faq', '/th/pay/inv_1', '/th/my-bookings/BF2-ABCD1234', '/units/none.svg']) {
      expect(isAppRoute(p), p).toBe(false);
    }
  });
});
