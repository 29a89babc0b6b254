// The rental's lifecycle as tables of allowed transitions (docs/product-rules.md#lifecycle). Pure: no I/O. The
// server side (`lib/lifecycle/index.ts`) is the one writer of these statuses for every path that uses it; this file
// only says which moves exist.
import type { BookingStatus, DelinquencyStage, InvoiceStatus, PaymentMethod, PaymentStatus, UnitStatus } from '@/generated/prisma/enums';

/** Keep the state the row has (the action changes other fields, e.g. a notice to vacate). */
export const SAME = 'same' as const;

type Target<S extends string> = S | typeof SAME | ((ctx: { method?: PaymentMethod | null }) => S);

export interface Rule<S extends string> {
  from: readonly S[];
  to: Target<S>;
}

export const BOOKING_STATES = ['reserved', 'confirmed', 'active', 'ended', 'cancelled', 'expired'] as const satisfies readonly BookingStatus[];
export const DELINQUENCY_STATES = ['current', 'suspended', 'overlocked', 'defaulted'] as const satisfies readonly DelinquencyStage[];
export const PAYMENT_STATES = [
  'pending',
  'pending_payment',
  'awaiting_verification',
  'pending_bank_transfer',
  'crypto_payment_sent',
  'proof_uploaded',
  'pending_arrival',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
] as const satisfies readonly PaymentStatus[];
export const INVOICE_STATES = ['open', 'paid', 'void'] as const satisfies readonly InvoiceStatus[];
export const UNIT_STATES = ['available', 'reserved', 'occupied', 'maintenance'] as const satisfies readonly UnitStatus[];

/** Payments staff still have to look at: a slip, a blockchain transaction, a transfer the customer says was sent. */
export const AWAITING_CHECK = ['awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded'] as const satisfies readonly PaymentStatus[];
/** Payments not (yet) settled and not closed: the customer may still pay through them. */
const UNSETTLED = ['pending', 'pending_payment', ...AWAITING_CHECK, 'pending_arrival'] as const satisfies readonly PaymentStatus[];

export const BOOKING_RULES = {
  /** the first invoice is paid (or staff confirm a paid booking whose hold lapsed) */
  confirm: { from: ['reserved', 'expired'], to: 'confirmed' },
  moveIn: { from: ['confirmed'], to: 'active' },
  /** notice to vacate: the status stays, the move-out date is fixed */
  giveNotice: { from: ['confirmed', 'active'], to: SAME },
  end: { from: ['active'], to: 'ended' },
  cancel: { from: ['reserved', 'confirmed'], to: 'cancelled' },
  expire: { from: ['reserved'], to: 'expired' },
} as const satisfies Record<string, Rule<BookingStatus>>;

export const DELINQUENCY_RULES = {
  /** day 11 after the oldest unpaid rent's due date */
  suspend: { from: ['current'], to: 'suspended' },
  overlock: { from: ['suspended'], to: 'overlocked' },
  default: { from: ['overlocked'], to: 'defaulted' },
  /** everything overdue is paid; a default is left to staff */
  restore: { from: ['suspended', 'overlocked'], to: 'current' },
} as const satisfies Record<string, Rule<DelinquencyStage>>;

export const PAYMENT_RULES = {
  /** the customer uploaded a slip (again) */
  uploadProof: { from: ['pending', 'pending_payment', ...AWAITING_CHECK], to: 'proof_uploaded' },
  /** staff checked the slip or transaction and the money is there */
  verify: { from: AWAITING_CHECK, to: 'paid' },
  /** staff could not find the money: back to waiting for the customer */
  reject: { from: AWAITING_CHECK, to: ({ method }) => (method === 'bank_transfer' ? 'pending_bank_transfer' : 'pending_payment') },
  /**
   * money arrived through the provider or at the counter; also after a lapse (a Stripe success arriving after the
   * session expired is still money received, kept for staff to refund or re-assign)
   */
  settle: { from: [...UNSETTLED, 'failed', 'expired', 'cancelled'], to: 'paid' },
  fail: { from: UNSETTLED, to: 'failed' },
  expire: { from: UNSETTLED, to: 'expired' },
  cancel: { from: [...UNSETTLED, 'failed'], to: 'cancelled' },
  refund: { from: ['paid'], to: 'refunded' },
} as const satisfies Record<string, Rule<PaymentStatus>>;

export const INVOICE_RULES = {
  /** payments now cover what is due */
  pay: { from: ['open'], to: 'paid' },
  /** a part payment: the invoice stays open for the rest */
  payPart: { from: ['open'], to: SAME },
  /** waived or credited in full before payment */
  void: { from: ['open'], to: 'void' },
  /** a credit note for part of it (or for a paid invoice: the money goes back) */
  credit: { from: ['open', 'paid'], to: SAME },
} as const satisfies Record<string, Rule<InvoiceStatus>>;

export const UNIT_RULES = {
  hold: { from: ['available'], to: 'reserved' },
  occupy: { from: ['available', 'reserved'], to: 'occupied' },
  release: { from: ['reserved', 'occupied'], to: 'available' },
  /** cleaning or repair after a move-out */
  service: { from: ['available', 'occupied'], to: 'maintenance' },
  backInService: { from: ['maintenance'], to: 'available' },
} as const satisfies Record<string, Rule<UnitStatus>>;

export const MACHINES = {
  booking: { states: BOOKING_STATES, rules: BOOKING_RULES },
  delinquency: { states: DELINQUENCY_STATES, rules: DELINQUENCY_RULES },
  payment: { states: PAYMENT_STATES, rules: PAYMENT_RULES },
  invoice: { states: INVOICE_STATES, rules: INVOICE_RULES },
  unit: { states: UNIT_STATES, rules: UNIT_RULES },
} as const;

export type Machine = keyof typeof MACHINES;
export type StateOf<M extends Machine> = (typeof MACHINES)[M]['states'][number];
export type ActionOf<M extends Machine> = keyof (typeof MACHINES)[M]['rules'] & string;

export type Move<S extends string = string> = { ok: true; from: S; to: S } | { ok: false; from: S };

/** Where `action` takes a `machine` row in state `from`, or a refusal. */
export function nextState<M extends Machine>(machine: M, from: StateOf<M>, action: ActionOf<M>, ctx: { method?: PaymentMethod | null } = {}): Move<StateOf<M>> {
  const rule = (MACHINES[machine].rules as Record<string, Rule<string>>)[action];
  if (!rule || !(rule.from as readonly string[]).includes(from)) return { ok: false, from };
  const to = rule.to === SAME ? from : typeof rule.to === 'function' ? rule.to(ctx) : rule.to;
  return { ok: true, from, to: to as StateOf<M> };
}

export function canMove<M extends Machine>(machine: M, from: StateOf<M>, action: ActionOf<M>): boolean {
  return nextState(machine, from, action).ok;
}

export function actionsOf<M extends Machine>(machine: M): ActionOf<M>[] {
  return Object.keys(MACHINES[machine].rules) as ActionOf<M>[];
}

/**
 * What staff can do to a booking, and in which states (docs/product-rules.md "Booking lifecycle" and
 * "Staff access and the customer portal"), beside the moves those commands make: one rule table. The review page
 * offers an action only where its rule holds, and every action checks the same rule again under the booking's row
 * lock, inside the one transaction that makes the change and writes the audit log (lib/admin/booking-actions.ts).
 */
export interface BookingState {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
}

const OFFLINE_VERIFIED: readonly PaymentMethod[] = ['bank_transfer', 'crypto'];

export const STAFF_BOOKING_ACTIONS = {
  /** a bank transfer or crypto payment was checked and received */
  verifyPayment: (b: BookingState) => b.status === 'reserved' && OFFLINE_VERIFIED.includes(b.paymentMethod) && (AWAITING_CHECK as readonly PaymentStatus[]).includes(b.paymentStatus),
  /** the slip or transaction does not show the money: the customer is asked again, the hold keeps running */
  rejectPayment: (b: BookingState) => b.status === 'reserved' && OFFLINE_VERIFIED.includes(b.paymentMethod) && (AWAITING_CHECK as readonly PaymentStatus[]).includes(b.paymentStatus),
  /** cash at the counter (also accepted for a booking that chose another offline method) */
  recordCash: (b: BookingState) => b.status === 'reserved' && b.paymentStatus !== 'paid' && b.paymentMethod !== 'card' && b.paymentMethod !== 'promptpay',
  /** money arrived but the booking is not confirmed: paid by card after the hold lapsed, or paid and left reserved */
  confirm: (b: BookingState) => b.paymentStatus === 'paid' && (b.status === 'reserved' || b.status === 'expired'),
  moveIn: (b: BookingState) => b.status === 'confirmed',
  changeUnit: (b: BookingState) => b.status === 'reserved' || b.status === 'confirmed' || b.status === 'active',
  /** before move-in; after it, the rental is ended instead */
  cancel: (b: BookingState) => b.status === 'reserved' || b.status === 'confirmed',
  /** an unpaid hold ends now (docs/product-rules.md#holds): the unit goes back on sale, nothing to refund */
  releaseHold: (b: BookingState) => b.status === 'reserved' && b.paymentStatus !== 'paid',
  /** every link emailed for this booking stops working; later emails carry new ones */
  revokeLinks: () => true,
  endRental: (b: BookingState) => b.status === 'active',
  resendEmail: () => true,
  addNote: () => true,
} as const satisfies Record<string, (b: BookingState) => boolean>;
