/**
 * The booking draft: what the wizard collects (kept in sessionStorage) and what the server validates on submit.
 * Shared by the client wizard and the server, so it is pure (no server-only imports).
 */
import '@/lib/validation/zod-csp';
import { z } from 'zod';
import { CUSTOMER_TYPES, INSURANCE_LEVELS, PAYMENT_METHODS, SUPPLY_IDS, TERM_CODES, type SupplyId } from '@/lib/pricing';

/** Payment states the wizard can reach before submit (docs/product-rules.md#booking-lifecycle). */
export const WIZARD_PAYMENT_STATUSES = [
  'pending',
  'awaiting_verification',
  'pending_payment',
  'pending_bank_transfer',
  'crypto_payment_sent',
  'proof_uploaded',
  'pending_arrival',
] as const;
export type WizardPaymentStatus = (typeof WIZARD_PAYMENT_STATUSES)[number];

const insuranceLevel = z
  .number()
  .int()
  .refine((v) => INSURANCE_LEVELS.includes(v), 'invalid insurance level');

export const contactSchema = z.object({
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  email: z.string().trim().max(200).default(''),
  phone: z.string().trim().max(40).default(''),
  whatsapp: z.string().trim().max(40).default(''),
  whatsappSameAsPhone: z.boolean().default(false),
  address: z.string().trim().max(500).default(''),
  companyName: z.string().trim().max(200).default(''),
  taxId: z.string().trim().max(20).default(''),
});
export type ContactDetails = z.infer<typeof contactSchema>;

/**
 * Everything optional: a draft fills in step by step. Submit checks completeness separately, with the texts of
 * docs/product-rules.md#booking-wizard; completeDraftSchema then narrows the type.
 */
export const draftSchema = z.object({
  version: z.literal(1).default(1),
  step: z.number().int().min(1).max(12).default(1),
  unitTypeCode: z.string().trim().min(1).max(20).nullable().default(null),
  customerType: z.enum(CUSTOMER_TYPES).nullable().default(null),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().default(null),
  term: z.enum(TERM_CODES).nullable().default(null),
  /** satang per month; 0 = no insurance; null = not chosen yet */
  insuranceMonthly: insuranceLevel.nullable().default(null),
  promoCode: z
    .string()
    .trim()
    .max(40)
    .transform((v) => v.toUpperCase())
    .nullable()
    .default(null),
  supplies: z.partialRecord(z.enum(SUPPLY_IDS as readonly SupplyId[] as [SupplyId, ...SupplyId[]]), z.number().int().min(0).max(99)).default({}),
  contact: contactSchema.default(contactSchema.parse({})),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable().default(null),
  paymentStatus: z.enum(WIZARD_PAYMENT_STATUSES).nullable().default(null),
  /** id returned by the proof upload at step 11 (bank transfer or crypto), linked to the booking on submit */
  proofUploadId: z.string().max(64).nullable().default(null),
  agreement: z
    .object({
      scrolled: z.boolean().default(false),
      agreed: z.boolean().default(false),
      signature: z.string().max(200).default(''),
      signedAt: z.string().nullable().default(null),
      documentId: z.string().nullable().default(null),
    })
    .default({ scrolled: false, agreed: false, signature: '', signedAt: null, documentId: null }),
  termsAccepted: z.boolean().default(false),
  /** one per draft; the server creates one booking per key */
  idempotencyKey: z.string().min(8).max(100),
  /** token of the server-side copy kept for the abandoned-draft reminder */
  draftToken: z.string().max(64).nullable().default(null),
});
export type BookingDraft = z.infer<typeof draftSchema>;

/**
 * A draft with every choice made, as createBooking needs it. Parsed only after validateSubmission found nothing
 * missing, so its own messages never reach a customer; it exists to narrow the type.
 */
export const completeDraftSchema = draftSchema.extend({
  unitTypeCode: z.string().trim().min(1).max(20),
  customerType: z.enum(CUSTOMER_TYPES),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  term: z.enum(TERM_CODES),
  insuranceMonthly: insuranceLevel,
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type CompleteDraft = z.infer<typeof completeDraftSchema>;

export function emptyDraft(idempotencyKey: string): BookingDraft {
  return draftSchema.parse({ idempotencyKey });
}

/** Result of the promo code server action (step 6 and the quote API). */
export type PromoCheckResult =
  | {
      status: 'valid';
      code: string;
      description: string;
      discountType: 'percentage' | 'fixed';
      /** percent for percentage, satang for fixed */
      discountValue: number;
    }
  | { status: 'invalid'; code: string; reason: 'not_found' | 'not_active' | 'expired' | 'limit_reached' | 'error' };

/** Result of the createBooking server action. */
export type CreateBookingResult =
  | { ok: true; bookingId: string; reference: string; redirectUrl: string }
  | {
      ok: false;
      /** chooses the 'Booking Failed' text (docs/product-rules.md#booking-wizard); 'missing_fields' lists `missing` under 'Please Complete Required Fields' */
      error: 'missing_fields' | 'validation' | 'sold_out' | 'unit_not_available' | 'payment' | 'card_unavailable' | 'in_progress' | 'last_unit' | 'open_hold' | 'daily_limit' | 'other';
      /** translated texts, ready to show */
      missing?: string[];
      message?: string;
    };
