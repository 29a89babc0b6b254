import { describe, expect, it } from 'vitest';
import { cardAttemptFor, cardRetryOf, CARD_ATTEMPT_DAYS } from './card-charges';

// Card retries (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): due date, then 1, 3 and 7 days after.
describe('card attempts', () => {
  it('the attempt due a number of days after the due date: none before, the latest reached after', () => {
    expect(CARD_ATTEMPT_DAYS).toEqual([0, 1, 3, 7]);
    expect([-1, 0, 1, 2, 3, 6, 7, 30].map(cardAttemptFor)).toEqual([null, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('reads the attempt from the payment key and gives the day of the next one (none after the last)', () => {
    const due = new Date('2026-12-24T17:00:00.000Z'); // 25 Dec 2026, 00:00 in Bangkok
    expect(cardRetryOf('offsession:inv1', due)).toEqual({ attempt: 0, next: '2026-12-26' });
    expect(cardRetryOf('offsession:inv1:1', due)).toEqual({ attempt: 1, next: '2026-12-28' });
    expect(cardRetryOf('offsession:inv1:2', due)).toEqual({ attempt: 2, next: '2027-01-01' });
    expect(cardRetryOf('offsession:inv1:3', due)).toEqual({ attempt: 3, next: null });
    expect(cardRetryOf('invoice-checkout', due)).toBeUndefined();
    expect(cardRetryOf(null, due)).toBeUndefined();
    // Only a key of our own, whole: another prefix or a suffix after the attempt is not an off-session charge.
    expect(cardRetryOf('x-offsession:inv1', due)).toBeUndefined();
    expect(cardRetryOf('offsession:inv1:1:copy', due)).toBeUndefined();
    expect(cardRetryOf('offsession:inv1:', due)).toBeUndefined();
    // An invoice with no due date has no next try to name.
    expect(cardRetryOf('offsession:inv1', null)).toBeUndefined();
  });
});
