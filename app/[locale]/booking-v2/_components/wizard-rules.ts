/**
 * The wizard's pure rules that the step list needs before a step's screen has loaded (the screens load as the customer
 * reaches them): the supplies' total, a complete signature. The contact rules are the contact screen's own
 * (contact-rules.ts): they check a tax branch with zod, which the first page does not load.
 */
import type { BookingDraft } from '@/lib/booking/draft';
import type { WizardSupply } from '@/lib/booking/wizard-data';
import type { SupplyId } from '@/lib/pricing';

export function suppliesTotal(supplies: WizardSupply[], quantities: Partial<Record<SupplyId, number>>): number {
  return supplies.reduce((sum, s) => sum + s.priceSatang * (quantities[s.id] ?? 0), 0);
}

export function agreementComplete(a: BookingDraft['agreement']): boolean {
  return a.scrolled && a.agreed && a.signature.trim() !== '';
}
