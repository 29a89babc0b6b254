/**
 * The submit checks of docs/product-rules.md#booking-wizard, shared by the review step (client) and createBooking (server).
 * Pure: returns message keys under `booking.submitChecks`, in the spec's order, so both sides list the same texts
 * under 'Please Complete Required Fields'.
 */
import type { BookingDraft } from './draft';

export const SUBMIT_CHECK_KEYS = [
  'firstNameMissing',
  'lastNameMissing',
  'emailMissing',
  'phoneMissing',
  'unitMissing',
  'paymentMissing',
  'startDateMissing',
  'invalidTotal',
  'invalidUnitPrice',
] as const;
export type SubmitCheckKey = (typeof SUBMIT_CHECK_KEYS)[number];

export interface SubmitCheckContext {
  /** satang: the live monthly rate of the chosen unit type, null when unknown */
  unitMonthlyRate: number | null;
  /** satang: total due today from lib/pricing, null when it could not be computed */
  totalDueToday: number | null;
}

const blank = (s: string | null | undefined) => !s || s.trim() === '';

export function submitChecks(
  draft: Pick<BookingDraft, 'contact' | 'unitTypeCode' | 'paymentMethod' | 'startDate'>,
  ctx: SubmitCheckContext,
): SubmitCheckKey[] {
  const missing: SubmitCheckKey[] = [];
  if (blank(draft.contact.firstName)) missing.push('firstNameMissing');
  if (blank(draft.contact.lastName)) missing.push('lastNameMissing');
  if (blank(draft.contact.email)) missing.push('emailMissing');
  if (blank(draft.contact.phone)) missing.push('phoneMissing');
  if (blank(draft.unitTypeCode)) missing.push('unitMissing');
  if (!draft.paymentMethod) missing.push('paymentMissing');
  if (blank(draft.startDate)) missing.push('startDateMissing');
  if (ctx.totalDueToday == null || !Number.isFinite(ctx.totalDueToday) || ctx.totalDueToday <= 0) missing.push('invalidTotal');
  if (ctx.unitMonthlyRate == null || !Number.isFinite(ctx.unitMonthlyRate) || ctx.unitMonthlyRate <= 0) {
    missing.push('invalidUnitPrice');
  }
  return missing;
}
