/**
 * The booking's particulars in the rental agreement. One pure function for both sides: the wizard shows the text it
 * builds, and createBooking stores the same text as the signed record (docs/product-rules.md#agreement-and-business-facts).
 */
import { formatTHB } from '@/lib/format/money';
import { formatLongDate } from '@/lib/dates/bangkok';
import type { Quote, TermCode } from '@/lib/pricing';
import type { Locale } from '@/lib/i18n/routing';
import { fillAgreementVariables, type AgreementVariables } from '@/lib/legal/agreement-variables';
import type { BookingDraft } from './draft';

export type AgreementLabelKey = `terms.label.${TermCode}` | 'review.lines.depositWaived' | 'review.noInsurance';
/** A translator of the `booking` messages: the compiled texts' in the wizard (lib/i18n/compiled-client.tsx), translator(locale, 'booking') on the server. */
export type AgreementT = (key: AgreementLabelKey) => string;

/** The unit type as the customer chose it; `monthlyRate` in satang. */
export interface AgreementUnit {
  name: string;
  dimensions: string;
  monthlyRate: number;
}

type AgreementDraft = Pick<BookingDraft, 'customerType' | 'contact' | 'startDate' | 'term' | 'insuranceMonthly'>;

export function agreementVariablesFor(draft: AgreementDraft, unit: AgreementUnit | null, quote: Quote | null, locale: Locale, t: AgreementT): AgreementVariables {
  const c = draft.contact;
  const name = `${c.firstName} ${c.lastName}`.trim();
  return {
    // A business signs as the company, through the person named.
    customerName: draft.customerType === 'business' && c.companyName ? `${c.companyName} (${name})` : name,
    unit: unit ? `${unit.name} (${unit.dimensions})` : undefined,
    monthlyRate: unit ? formatTHB(unit.monthlyRate, locale) : undefined,
    startDate: draft.startDate ? formatLongDate(draft.startDate, locale) : undefined,
    term: draft.term ? t(`terms.label.${draft.term}`) : undefined,
    // Only card waives the deposit, and the quote says so: its deposit is 0.
    deposit: quote ? (quote.securityDeposit === 0 ? t('review.lines.depositWaived') : formatTHB(quote.securityDeposit, locale)) : undefined,
    insurance: draft.insuranceMonthly ? formatTHB(draft.insuranceMonthly, locale) : draft.insuranceMonthly === 0 ? t('review.noInsurance') : undefined,
  };
}

/** The agreement HTML (sanitized, variables unfilled) with this booking's particulars filled in. */
export function agreementTextFor(html: string, draft: AgreementDraft, unit: AgreementUnit | null, quote: Quote | null, locale: Locale, t: AgreementT): string {
  return fillAgreementVariables(html, agreementVariablesFor(draft, unit, quote, locale, t));
}
