// Test helpers for the booking server: complete drafts for each worked example. Not imported by app code.
import crypto from 'node:crypto';
import { draftSchema, type BookingDraft } from './draft';

export const TEST_NOW = new Date('2026-11-22T05:00:00.000Z');
export const TEST_START = '2026-11-25';

/** A valid Thai tax ID (mod-11 check digit) from 12 digits. */
export function thaiTaxId(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return first12 + String((11 - (sum % 11)) % 10);
}

export function completeDraft(overrides: Partial<BookingDraft> = {}): BookingDraft {
  return draftSchema.parse({
    idempotencyKey: `test-${crypto.randomUUID()}`,
    step: 12,
    unitTypeCode: 'm',
    customerType: 'individual',
    startDate: TEST_START,
    term: '6m',
    insuranceMonthly: 30_000,
    promoCode: null,
    supplies: {},
    contact: {
      firstName: 'Anna',
      lastName: 'Test',
      email: 'anna@example.com',
      phone: '+66 81 234 5678',
      address: '1 Beach Road, Phuket',
    },
    paymentMethod: 'card',
    paymentStatus: 'pending_payment',
    agreement: { scrolled: true, agreed: true, signature: 'Anna Test', signedAt: TEST_NOW.toISOString() },
    termsAccepted: true,
    ...overrides,
  });
}

/** DECISIONS.md worked example 1: individual, m, 6m, insurance 300, card. */
export const example1 = (o: Partial<BookingDraft> = {}) => completeDraft(o);

/** DECISIONS.md worked example 2: business, l, 12m, lock + 2 medium boxes, WELCOME10, bank transfer. */
export const example2 = (o: Partial<BookingDraft> = {}) =>
  completeDraft({
    unitTypeCode: 'l',
    customerType: 'business',
    term: '12m',
    insuranceMonthly: 0,
    supplies: { lock: 1, box_medium: 2 },
    promoCode: 'WELCOME10',
    paymentMethod: 'bank_transfer',
    paymentStatus: 'pending_bank_transfer',
    contact: {
      firstName: 'Somchai',
      lastName: 'Business',
      email: 'accounts@example.co.th',
      phone: '076 123 4567',
      whatsapp: '',
      whatsappSameAsPhone: false,
      address: '99 Moo 1, Cherngtalay, Phuket',
      companyName: 'Example Co., Ltd.',
      taxId: thaiTaxId('010555012345'),
    },
    ...o,
  });
