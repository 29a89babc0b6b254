// What keeps a rental's gate access suspended, and so what a customer must pay to have it back
// (docs/product-rules.md#the-rentals-state-and-what-restores-access). Pure: the portal, the delinquency emails and the
// settlement that restores access read the same rule.
import { todayInBangkok } from '@/lib/dates/bangkok';
import { invoiceBalance, type BalanceInput } from '@/lib/invoices/balance';

export interface ArrearsInvoice extends BalanceInput {
  status: string;
  kind: string;
  dueAt: Date | null;
}

/**
 * An open invoice blocks access once it is past its due date; a fee (the late fee, the overlock fee) is due the day
 * it is charged and blocks access from that day. Paying the overdue rent alone, with the late fee of the same day
 * still open, does not restore access, and the amount shown to restore access includes that fee.
 */
export function blocksAccess(i: Omit<ArrearsInvoice, keyof BalanceInput>, today: string): boolean {
  if (i.status !== 'open' || !i.dueAt) return false;
  const due = todayInBangkok(i.dueAt);
  return due < today || (i.kind === 'fee' && due <= today);
}

/** The invoices that keep access suspended, oldest first, and what is still due on them. */
export function arrearsBlockingAccess<T extends ArrearsInvoice>(invoices: readonly T[], today: string): { invoices: T[]; dueSatang: number } {
  const blocking = invoices.filter((i) => blocksAccess(i, today)).sort((a, b) => a.dueAt!.getTime() - b.dueAt!.getTime());
  return { invoices: blocking, dueSatang: blocking.reduce((a, i) => a + invoiceBalance(i).dueSatang, 0) };
}

/** The state of the rental a customer sees first in the portal, most pressing first. */
export type RentalState = 'ended' | 'suspended' | 'overdue' | 'notice_given' | 'current';

export function rentalState(
  b: { status: string; delinquency: string; noticeGivenAt: Date | null; invoices: readonly Omit<ArrearsInvoice, keyof BalanceInput>[] },
  today: string,
): RentalState | null {
  if (b.status === 'ended') return 'ended';
  if (b.status !== 'confirmed' && b.status !== 'active') return null;
  if (b.delinquency !== 'current') return 'suspended';
  if (b.invoices.some((i) => i.status === 'open' && i.dueAt && todayInBangkok(i.dueAt) < today)) return 'overdue';
  if (b.noticeGivenAt) return 'notice_given';
  return 'current';
}
