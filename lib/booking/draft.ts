/**
 * The booking draft: what the wizard collects (kept in sessionStorage) and what the server validates on submit.
 * Shared by the client wizard and the server, so it is pure (no server-only imports).
 */
import '@/lib/validation/zod-csp';
// zod/mini: the same schemas and errors as zod, a quarter of the script. The wizard's first page loads none of this
// module's schemas (lib/booking/empty-draft.ts; the stored draft's check, client-storage.ts, loads when there is one).
import * as z from 'zod/mini';
import { TAX_BRANCH_KINDS } from '@/lib/validation/tax-branch';
import { LOCALES } from '@/lib/i18n/routing';
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

const insuranceLevel = z.int().check(z.refine((v) => INSURANCE_LEVELS.includes(v), 'invalid insurance level'));
const text = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const unitCode = z.string().check(z.trim(), z.minLength(1), z.maxLength(20));
const orNull = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);

export const contactSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  email: text(200),
  phone: text(40),
  whatsapp: text(40),
  whatsappSameAsPhone: z._default(z.boolean(), false),
  address: text(500),
  companyName: text(200),
  taxId: text(20),
  /** business only: head office or a branch with its 5-digit number (lib/validation/tax-branch.ts) */
  taxBranch: z._default(z.enum(TAX_BRANCH_KINDS), 'head_office'),
  branchNumber: text(10),
});
export type ContactDetails = z.infer<typeof contactSchema>;

/**
 * Everything optional: a draft fills in step by step. Submit checks completeness separately, with the texts of
 * docs/product-rules.md#booking-wizard; completeDraftSchema then narrows the type.
 */
export const draftSchema = z.object({
  version: z._default(z.literal(1), 1),
  step: z._default(z.int().check(z.minimum(1), z.maximum(12)), 1),
  unitTypeCode: orNull(unitCode),
  customerType: orNull(z.enum(CUSTOMER_TYPES)),
  startDate: orNull(isoDate),
  term: orNull(z.enum(TERM_CODES)),
  /** satang per month; 0 = no insurance; null = not chosen yet */
  insuranceMonthly: orNull(insuranceLevel),
  promoCode: orNull(z.string().check(z.trim(), z.maxLength(40), z.toUpperCase())),
  supplies: z._default(
    z.partialRecord(z.enum(SUPPLY_IDS as readonly SupplyId[] as [SupplyId, ...SupplyId[]]), z.int().check(z.minimum(0), z.maximum(99))),
    () => ({}),
  ),
  contact: z._default(contactSchema, () => contactSchema.parse({})),
  paymentMethod: orNull(z.enum(PAYMENT_METHODS)),
  paymentStatus: orNull(z.enum(WIZARD_PAYMENT_STATUSES)),
  /** id returned by the proof upload at step 11 (bank transfer or crypto), linked to the booking on submit */
  proofUploadId: orNull(z.string().check(z.maxLength(64))),
  agreement: z._default(
    z.object({
      scrolled: z._default(z.boolean(), false),
      agreed: z._default(z.boolean(), false),
      signature: z._default(z.string().check(z.maxLength(200)), ''),
      signedAt: orNull(z.string()),
      documentId: orNull(z.string()),
      /** the language of the agreement shown, recorded with documentId: a built-in one is stored in it */
      locale: z.optional(z.enum(LOCALES)),
    }),
    () => ({ scrolled: false, agreed: false, signature: '', signedAt: null, documentId: null }),
  ),
  termsAccepted: z._default(z.boolean(), false),
  /** one per draft; the server creates one booking per key */
  idempotencyKey: z.string().check(z.minLength(8), z.maxLength(100)),
  /** token of the server-side copy kept for the abandoned-draft reminder */
  draftToken: orNull(z.string().check(z.maxLength(64))),
});
export type BookingDraft = z.infer<typeof draftSchema>;

/**
 * A draft with every choice made, as createBooking needs it. Parsed only after validateSubmission found nothing
 * missing, so its own messages never reach a customer; it exists to narrow the type.
 */
export const completeDraftSchema = z.extend(draftSchema, {
  unitTypeCode: unitCode,
  customerType: z.enum(CUSTOMER_TYPES),
  startDate: isoDate,
  term: z.enum(TERM_CODES),
  insuranceMonthly: insuranceLevel,
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type CompleteDraft = z.infer<typeof completeDraftSchema>;

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
