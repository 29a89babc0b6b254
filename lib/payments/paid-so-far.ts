/**
 * What a booking's customer has paid and what went back (refunds that did not fail), in satang. One sum for the
 * booking review's "paid so far" and the refund a cancellation may give, so the two never disagree.
 */
export function paidSoFar(b: {
  payments: readonly { status: string; amountSatang: number }[];
  refunds: readonly { status: string; amountSatang: number }[];
}): { paidSatang: number; refundedSatang: number; refundableSatang: number } {
  const paidSatang = b.payments.filter((p) => p.status === 'paid' || p.status === 'refunded').reduce((s, p) => s + p.amountSatang, 0);
  const refundedSatang = b.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountSatang, 0);
  return { paidSatang, refundedSatang, refundableSatang: Math.max(0, paidSatang - refundedSatang) };
}
