import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { translator, type Translator } from '@/lib/i18n/translator';
import type { Quote } from '@/lib/pricing';
import { log } from '@/lib/log';
import { createCheckoutSession, type CheckoutLine } from './client';
import { WHT_RATE_PCT } from '@/lib/pricing/catalog';

/** The booking's real lines for Stripe; withholding tax (a deduction) is taken off the rent line, so they add up. */
export function checkoutLines(q: Quote, supplies: { label: string; priceSatang: number; quantity: number }[], t: Translator<'emails'>): CheckoutLine[] {
  const lines: CheckoutLine[] = [
    { name: t('confirmation.lines.rentAfterDiscounts') + (q.withholdingTax ? ` − ${t('confirmation.lines.withholdingTax', { percent: WHT_RATE_PCT })}` : ''), amountSatang: q.rentAfterDiscounts - q.withholdingTax, quantity: 1 },
    { name: t('confirmation.lines.insurance'), amountSatang: q.insurance, quantity: 1 },
    ...supplies.map((s) => ({ name: s.label, amountSatang: s.priceSatang, quantity: s.quantity })),
    { name: t('confirmation.lines.setupFee'), amountSatang: q.setupFee, quantity: 1 },
    { name: t('confirmation.lines.securityDeposit'), amountSatang: q.securityDeposit, quantity: 1 },
  ];
  const sum = lines.reduce((acc, l) => acc + (l.amountSatang > 0 ? l.amountSatang * l.quantity : 0), 0);
  // Never charge something other than the quote: if the lines could not add up, charge the total as one line.
  return sum === q.totalDueToday ? lines : [{ name: t('confirmation.lines.total'), amountSatang: q.totalDueToday, quantity: 1 }];
}

export interface BookingCheckout {
  method: 'card' | 'promptpay';
  bookingId: string;
  reference: string;
  /** the booking's pending payment row, which records the session */
  paymentId: string;
  customerEmail: string;
  locale: Locale;
  quote: Quote;
  supplies: { label: string; priceSatang: number; quantity: number }[];
  /** absolute address of the booking's success page; Stripe returns there after paying or cancelling */
  returnUrl: string;
  expiresAt: Date;
}

/**
 * Opens the Stripe Checkout session of a reserved booking and records it on the payment before the browser leaves,
 * so the webhook and the success page find the booking by session. null when Stripe refused: the caller releases
 * the reservation.
 */
export async function openBookingCheckout(db: Db, stripe: Stripe, b: BookingCheckout): Promise<{ url: string } | null> {
  try {
    const session = await createCheckoutSession(stripe, {
      method: b.method,
      bookingId: b.bookingId,
      reference: b.reference,
      customerEmail: b.customerEmail,
      locale: b.locale,
      lines: checkoutLines(b.quote, b.supplies, translator(b.locale, 'emails')),
      successUrl: `${b.returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${b.returnUrl}&cancelled=1`,
      expiresAt: b.expiresAt,
    });
    await db.payment.update({ where: { id: b.paymentId }, data: { providerSessionId: session.id, checkoutUrl: session.url } });
    return { url: session.url };
  } catch (error) {
    log.error({ err: error, bookingId: b.bookingId }, 'checkout: session failed');
    return null;
  }
}
