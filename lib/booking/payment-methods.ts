/**
 * What each payment method does to a booking, in one table (docs/product-rules.md#booking-lifecycle): the status the
 * wizard shows when it is chosen, what step 11 shows for it, and the status the booking starts with.
 * Pure: the wizard and the server read the same table.
 */
import type { PaymentMethod } from '@/lib/pricing';

export type OnlineMethod = Extract<PaymentMethod, 'card' | 'promptpay'>;

interface MethodFlow {
  /** paid at the provider's checkout after submit (Stripe) */
  online: boolean;
  /** the wizard's status as soon as the method is chosen (step 9) */
  onSelect: 'pending' | 'awaiting_verification';
  /** what step 11 shows; 'skip' passes over it */
  paymentStep: 'skip' | 'bank' | 'crypto';
  /** the status once past step 11, and the booking's payment status when no proof came with it */
  booked: 'pending_payment' | 'pending_bank_transfer' | 'crypto_payment_sent' | 'pending_arrival';
  /** a transfer slip or screenshot may come with the booking */
  acceptsProof: boolean;
}

export const PAYMENT_FLOW: Record<PaymentMethod, MethodFlow> = {
  card: { online: true, onSelect: 'pending', paymentStep: 'skip', booked: 'pending_payment', acceptsProof: false },
  promptpay: { online: true, onSelect: 'pending', paymentStep: 'skip', booked: 'pending_payment', acceptsProof: false },
  bank_transfer: { online: false, onSelect: 'awaiting_verification', paymentStep: 'bank', booked: 'pending_bank_transfer', acceptsProof: true },
  crypto: { online: false, onSelect: 'awaiting_verification', paymentStep: 'crypto', booked: 'crypto_payment_sent', acceptsProof: true },
  cash: { online: false, onSelect: 'awaiting_verification', paymentStep: 'skip', booked: 'pending_arrival', acceptsProof: false },
};

export function isOnlineMethod(method: string): method is OnlineMethod {
  return Object.hasOwn(PAYMENT_FLOW, method) && PAYMENT_FLOW[method as PaymentMethod].online;
}

/** The payment status a new booking starts with. */
export function bookedPaymentStatus(method: PaymentMethod, hasProof: boolean): MethodFlow['booked'] | 'proof_uploaded' {
  const flow = PAYMENT_FLOW[method];
  return hasProof && flow.acceptsProof ? 'proof_uploaded' : flow.booked;
}

/**
 * The methods a customer cannot use now: card and PromptPay go through the provider's checkout, so without it
 * (`onlineAvailable` false: no Stripe key) they are shown as unavailable where methods are chosen, with the reason,
 * never discovered after signing (docs/product-rules.md#payment-methods-that-cannot-be-used).
 */
export function unavailableMethods(onlineAvailable: boolean): OnlineMethod[] {
  return onlineAvailable ? [] : (Object.keys(PAYMENT_FLOW) as PaymentMethod[]).filter(isOnlineMethod);
}
