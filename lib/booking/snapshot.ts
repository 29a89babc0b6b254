import type { Quote } from '@/lib/pricing';
import { insuranceCoverSatang, toBaht, VAT_RATE_PCT, WHT_RATE_PCT } from '@/lib/pricing';
import { canonicalJson, sha256Hex } from './canonical-json';

/** The booking confirmation summary (docs/product-rules.md#booking-wizard), in THB (whole baht), version 1. Stored as the snapshot payload. */
export interface ConfirmationSummary {
  version: 1;
  bookingRef: string;
  bookingId: string;
  locale: string;
  createdAtISO: string;
  rentalStartDateISO: string;
  holdExpiresAtISO: string | null;
  customer: { type: 'individual' | 'business'; name: string; email: string; phone: string; address: string; companyName: string | null; taxId: string | null; /** '00000' head office, else the branch; absent in summaries from before it was asked */ taxBranch?: string | null };
  unit: { number: string; typeCode: string; typeLabel: string; sizeDisplay: string; monthlyRateTHB: number; gateCode: null };
  terms: { termCode: string; termLabel: string; months: number; insuranceMonthlyTHB: number; insuranceCoverageTHB: number; promoCode: string | null };
  payment: { method: string; methodLabel: string; status: string; statusLabel: string };
  lineItems: {
    rental: { monthlyRateTHB: number; termMonths: number; commitmentDiscountPct: number; rentBeforeDiscountsTHB: number; termDiscountTHB: number; firstMonthDiscountTHB: number; promoDiscountTHB: number; netRentalTHB: number };
    insurance: { monthlyPremiumTHB: number; months: number; totalTHB: number };
    supplies: { id: string; label: string; qty: number; unitPriceTHB: number; lineTotalTHB: number }[];
    fees: { setupFeeTHB: number; securityDepositTHB: number; depositWaived: boolean };
    summary: {
      subtotalBeforeDiscountsTHB: number;
      totalDiscountsTHB: number;
      withholdingTaxPct: number;
      withholdingTaxTHB: number;
      vatPct: number;
      vatTHB: number;
      vatInclusive: true;
      totalDueTodayTHB: number;
    };
  };
  links: { portal: string; admin: string };
}

// Quote lines are whole baht already (lib/pricing rounds every line), so no rounding here.
const thb = toBaht;

export interface SummaryInput {
  bookingId: string;
  reference: string;
  locale: string;
  createdAt: Date;
  startDate: string;
  holdExpiresAt: Date | null;
  customer: ConfirmationSummary['customer'];
  /** the unit's number where the customer may see it yet (lib/booking/unit-number.ts), else null: 'TBA' */
  unitNumber: string | null;
  unitTypeCode: string;
  unitTypeLabel: string;
  dimensions: string;
  termCode: string;
  termLabel: string;
  insuranceMonthly: number;
  promoCode: string | null;
  paymentMethod: string;
  paymentMethodLabel: string;
  paymentStatus: string;
  supplies: { id: string; label: string; quantity: number; priceSatang: number; lineTotal: number }[];
  quote: Quote;
  portalPath: string;
}

export function buildConfirmationSummary(i: SummaryInput): ConfirmationSummary {
  const q = i.quote;
  const discounts = q.termDiscount + q.firstMonthDiscount + q.promoDiscount;
  return {
    version: 1,
    bookingRef: i.reference,
    bookingId: i.bookingId,
    locale: i.locale,
    createdAtISO: i.createdAt.toISOString(),
    rentalStartDateISO: i.startDate,
    holdExpiresAtISO: i.holdExpiresAt?.toISOString() ?? null,
    customer: i.customer,
    unit: { number: i.unitNumber ?? 'TBA', typeCode: i.unitTypeCode, typeLabel: i.unitTypeLabel, sizeDisplay: i.dimensions, monthlyRateTHB: thb(q.monthlyRate), gateCode: null },
    terms: {
      termCode: i.termCode,
      termLabel: i.termLabel,
      months: q.months,
      insuranceMonthlyTHB: thb(i.insuranceMonthly),
      insuranceCoverageTHB: thb(insuranceCoverSatang(i.insuranceMonthly)),
      promoCode: i.promoCode,
    },
    payment: { method: i.paymentMethod, methodLabel: i.paymentMethodLabel, status: i.paymentStatus, statusLabel: 'CONFIRMED' },
    lineItems: {
      rental: {
        monthlyRateTHB: thb(q.monthlyRate),
        termMonths: q.months,
        commitmentDiscountPct: q.termDiscountPct,
        rentBeforeDiscountsTHB: thb(q.rentBeforeDiscounts),
        termDiscountTHB: thb(q.termDiscount),
        firstMonthDiscountTHB: thb(q.firstMonthDiscount),
        promoDiscountTHB: thb(q.promoDiscount),
        netRentalTHB: thb(q.rentAfterDiscounts),
      },
      insurance: { monthlyPremiumTHB: thb(i.insuranceMonthly), months: q.months, totalTHB: thb(q.insurance) },
      supplies: i.supplies.map((s) => ({ id: s.id, label: s.label, qty: s.quantity, unitPriceTHB: thb(s.priceSatang), lineTotalTHB: thb(s.lineTotal) })),
      fees: { setupFeeTHB: thb(q.setupFee), securityDepositTHB: thb(q.securityDeposit), depositWaived: q.securityDeposit === 0 },
      summary: {
        subtotalBeforeDiscountsTHB: thb(q.rentBeforeDiscounts + q.insurance + q.supplies + q.setupFee + q.securityDeposit),
        totalDiscountsTHB: thb(discounts),
        withholdingTaxPct: q.withholdingTax > 0 ? WHT_RATE_PCT : 0,
        withholdingTaxTHB: thb(q.withholdingTax),
        vatPct: VAT_RATE_PCT,
        vatTHB: thb(q.vatIncluded),
        vatInclusive: true,
        totalDueTodayTHB: thb(q.totalDueToday),
      },
    },
    links: { portal: i.portalPath, admin: `/admin/booking-review/${i.bookingId}` },
  };
}

export function hashSummary(summary: ConfirmationSummary): string {
  return sha256Hex(canonicalJson(summary));
}

/**
 * The unit type with its size in brackets, when the type has one. A type without dimensions shows its name alone: the
 * snapshot once filled the gap with the English words "Standard dimensions", which a Thai or Russian email must not show
 * (issue 37), so that stored filler counts as no size too.
 */
export function unitTypeText(unit: Pick<ConfirmationSummary['unit'], 'typeLabel' | 'sizeDisplay'>): string {
  const size = unit.sizeDisplay.trim();
  return size && size !== 'Standard dimensions' ? `${unit.typeLabel} (${size})` : unit.typeLabel;
}
