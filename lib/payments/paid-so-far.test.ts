import { describe, expect, it } from 'vitest';
import { paidSoFar } from './paid-so-far';

describe('paidSoFar', () => {
  it('counts paid and later refunded payments, and every refund that did not fail', () => {
    const out = paidSoFar({
      payments: [
        { status: 'paid', amountSatang: 500_000 },
        { status: 'refunded', amountSatang: 200_000 },
        { status: 'pending', amountSatang: 900_000 },
        { status: 'cancelled', amountSatang: 100_000 },
      ],
      refunds: [
        { status: 'succeeded', amountSatang: 200_000 },
        { status: 'failed', amountSatang: 300_000 },
        { status: 'pending', amountSatang: 50_000 },
      ],
    });
    expect(out).toEqual({ paidSatang: 700_000, refundedSatang: 250_000, refundableSatang: 450_000 });
  });

  it('never proposes a negative refund', () => {
    expect(paidSoFar({ payments: [], refunds: [{ status: 'succeeded', amountSatang: 100 }] }).refundableSatang).toBe(0);
  });
});
