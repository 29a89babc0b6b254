// Staff actions against the whole state table, not one example each (docs/product-rules.md "Booking lifecycle"):
// a slip or a blockchain transaction is verified only while the booking is reserved and waiting for that check.
import { describe, expect, it } from 'vitest';
import { BookingStatus, PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { BOOKING_ACTION_RULES, type BookingState } from './rules';

const statuses = Object.values(BookingStatus);
const payments = Object.values(PaymentStatus);
const methods = Object.values(PaymentMethod);
const every: BookingState[] = statuses.flatMap((status) => payments.flatMap((paymentStatus) => methods.map((paymentMethod) => ({ status, paymentStatus, paymentMethod }))));
const allowedFor = (rule: (b: BookingState) => boolean) => every.filter(rule).map((b) => `${b.status}/${b.paymentStatus}/${b.paymentMethod}`).sort();

describe('which states allow staff to verify or reject a payment', () => {
  const expected = ['reserved'].flatMap((s) =>
    ['awaiting_verification', 'crypto_payment_sent', 'pending_bank_transfer', 'proof_uploaded'].flatMap((p) => ['bank_transfer', 'crypto'].map((m) => `${s}/${p}/${m}`)),
  ).sort();

  it('verification: a reserved bank-transfer or crypto booking waiting for its check, nothing else', () => {
    expect(allowedFor(BOOKING_ACTION_RULES.verifyPayment)).toEqual(expected);
  });

  it('rejection: the same states', () => {
    expect(allowedFor(BOOKING_ACTION_RULES.rejectPayment)).toEqual(expected);
  });

  it('never on a booking that expired, was cancelled or is already paid, whatever its payment says', () => {
    for (const status of ['confirmed', 'active', 'ended', 'cancelled', 'expired'] as const) {
      expect(BOOKING_ACTION_RULES.verifyPayment({ status, paymentStatus: 'proof_uploaded', paymentMethod: 'bank_transfer' })).toBe(false);
    }
  });

  it('cash at the counter: only a reserved, unpaid booking that did not choose an online method', () => {
    const cash = allowedFor(BOOKING_ACTION_RULES.recordCash);
    expect(cash.every((k) => k.startsWith('reserved/') && !k.includes('/paid/') && !k.endsWith('/card') && !k.endsWith('/promptpay'))).toBe(true);
    expect(cash).toHaveLength((payments.length - 1) * 3);
  });
});
