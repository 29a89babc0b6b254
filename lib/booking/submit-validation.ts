import { isWithinMoveInWindow } from '@/lib/dates/bangkok';
import { isValidEmail, isValidName, isValidPhone, isValidThaiTaxId, taxIdDigits } from '@/lib/validation/contact';
import { taxBranchError } from '@/lib/validation/tax-branch';
import type { BookingDraft } from './draft';
import { submitChecks, type SubmitCheckContext } from './submit-checks';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { MOVE_IN_WINDOW_DAYS } from '@/lib/dates/bangkok';

export type SubmitProblems = {
  /** translated, listed under 'Please Complete Required Fields' */
  missing: string[];
  /** translated format and rule errors (email, phone, tax ID, move-in window, agreement…) */
  invalid: string[];
};

const blank = (s: string | null | undefined) => !s || s.trim() === '';

/**
 * Everything the server checks before it books: the submit checks (shared with the review step, so both list the same
 * texts), the contact-form rules, the business rules, the move-in window in Bangkok, the signed agreement and the
 * accepted terms (docs/product-rules.md#booking-wizard).
 */
export function validateSubmission(draft: BookingDraft, ctx: SubmitCheckContext, locale: Locale, now: Date): SubmitProblems {
  const tb = translator(locale, 'booking.submitChecks');
  const te = translator(locale, 'bookingErrors');
  const missing = submitChecks(draft, ctx).map((key) => tb(key));
  const invalid: string[] = [];
  const c = draft.contact;

  if (!draft.customerType) missing.push(te('missing.customerType'));
  if (!draft.term) missing.push(te('missing.term'));
  if (draft.insuranceMonthly == null) missing.push(te('missing.insurance'));
  if (blank(c.address)) missing.push(te('missing.address'));
  if (draft.customerType === 'business') {
    if (blank(c.companyName)) missing.push(te('missing.companyName'));
    if (blank(c.taxId)) missing.push(te('missing.taxId'));
    else if (taxIdDigits(c.taxId).length !== 13) invalid.push(te('invalid.taxIdLength'));
    else if (!isValidThaiTaxId(c.taxId)) invalid.push(te('invalid.taxIdChecksum'));
    const branch = taxBranchError({ kind: c.taxBranch, number: c.branchNumber });
    if (branch) (branch === 'branchNumberRequired' ? missing : invalid).push(translator(locale, 'taxBranch')(`errors.${branch}`));
  }
  if (![c.firstName, c.lastName, c.companyName].every(isValidName)) invalid.push(te('invalid.name'));
  if (!isValidName(c.address)) invalid.push(te('invalid.address'));
  if (!blank(c.email) && !isValidEmail(c.email)) invalid.push(te('invalid.email'));
  if (!blank(c.phone) && !isValidPhone(c.phone)) invalid.push(te('invalid.phone'));
  if (!blank(c.whatsapp) && !isValidPhone(c.whatsapp)) invalid.push(te('invalid.phone'));
  if (draft.startDate && !blank(draft.startDate) && !isWithinMoveInWindow(draft.startDate, now)) invalid.push(te('invalid.startDate', { days: MOVE_IN_WINDOW_DAYS }));
  if (!draft.agreement.agreed || blank(draft.agreement.signature)) missing.push(te('missing.agreement'));
  if (!draft.termsAccepted) missing.push(te('missing.terms'));
  if (draft.paymentMethod === 'crypto' && draft.paymentStatus !== 'crypto_payment_sent' && draft.paymentStatus !== 'proof_uploaded') {
    invalid.push(te('invalid.cryptoStatus'));
  }
  return { missing, invalid: [...new Set(invalid)] };
}
