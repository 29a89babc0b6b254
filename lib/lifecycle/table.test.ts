import { describe, expect, it } from 'vitest';
import { actionsOf, MACHINES, nextState, SAME, type Machine, type Rule } from './table';

// The whole table, written out a second time by hand: every state × every action of every machine either moves to
// exactly this state or is refused. A change to the table must change this list too (docs/product-rules.md#lifecycle).
const EXPECTED: Record<Machine, Record<string, Record<string, string>>> = {
  booking: {
    confirm: { reserved: 'confirmed', expired: 'confirmed' },
    moveIn: { confirmed: 'active' },
    giveNotice: { confirmed: 'confirmed', active: 'active' },
    end: { active: 'ended' },
    cancel: { reserved: 'cancelled', confirmed: 'cancelled' },
    expire: { reserved: 'expired' },
  },
  delinquency: {
    suspend: { current: 'suspended' },
    overlock: { suspended: 'overlocked' },
    default: { overlocked: 'defaulted' },
    restore: { suspended: 'current', overlocked: 'current' },
  },
  payment: {
    uploadProof: Object.fromEntries(['pending', 'pending_payment', 'awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded'].map((s) => [s, 'proof_uploaded'])),
    verify: Object.fromEntries(['awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded'].map((s) => [s, 'paid'])),
    // crypto (the method used below for every row) goes back to waiting for a payment; bank transfer: see below
    reject: Object.fromEntries(['awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded'].map((s) => [s, 'pending_payment'])),
    settle: Object.fromEntries(
      ['pending', 'pending_payment', 'awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded', 'pending_arrival', 'failed', 'expired', 'cancelled'].map((s) => [s, 'paid']),
    ),
    fail: Object.fromEntries(['pending', 'pending_payment', 'awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded', 'pending_arrival'].map((s) => [s, 'failed'])),
    expire: Object.fromEntries(['pending', 'pending_payment', 'awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded', 'pending_arrival'].map((s) => [s, 'expired'])),
    cancel: Object.fromEntries(
      ['pending', 'pending_payment', 'awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded', 'pending_arrival', 'failed'].map((s) => [s, 'cancelled']),
    ),
    refund: { paid: 'refunded' },
  },
  invoice: {
    pay: { open: 'paid' },
    payPart: { open: 'open' },
    void: { open: 'void' },
    credit: { open: 'open', paid: 'paid' },
  },
  unit: {
    hold: { available: 'reserved' },
    occupy: { available: 'occupied', reserved: 'occupied' },
    release: { reserved: 'available', occupied: 'available' },
    service: { available: 'maintenance', occupied: 'maintenance' },
    backInService: { maintenance: 'available' },
  },
};

describe('the lifecycle table', () => {
  for (const machine of Object.keys(MACHINES) as Machine[]) {
    it(`${machine}: every state × every action moves as listed or is refused`, () => {
      expect(actionsOf(machine).sort()).toEqual(Object.keys(EXPECTED[machine]).sort());
      let checked = 0;
      for (const action of actionsOf(machine)) {
        for (const state of MACHINES[machine].states) {
          const move = nextState(machine, state as never, action as never, { method: 'crypto' });
          const want = EXPECTED[machine][action][state];
          if (want) expect(move, `${machine} ${state} ${action}`).toEqual({ ok: true, from: state, to: want });
          else expect(move, `${machine} ${state} ${action}`).toEqual({ ok: false, from: state });
          checked++;
        }
      }
      expect(checked).toBe(actionsOf(machine).length * MACHINES[machine].states.length);
    });
  }

  it('a rejected bank transfer waits for a transfer again; other methods wait for a payment', () => {
    expect(nextState('payment', 'proof_uploaded', 'reject', { method: 'bank_transfer' })).toEqual({ ok: true, from: 'proof_uploaded', to: 'pending_bank_transfer' });
    expect(nextState('payment', 'proof_uploaded', 'reject', { method: 'promptpay' })).toEqual({ ok: true, from: 'proof_uploaded', to: 'pending_payment' });
  });

  it('an unknown action is refused, and no rule starts from a state its machine does not have', () => {
    expect(nextState('booking', 'active', 'fly' as never)).toEqual({ ok: false, from: 'active' });
    for (const m of Object.values(MACHINES)) {
      for (const rule of Object.values(m.rules) as Rule<string>[]) {
        for (const s of rule.from) expect(m.states as readonly string[]).toContain(s);
        if (typeof rule.to === 'string' && rule.to !== SAME) expect(m.states as readonly string[]).toContain(rule.to);
      }
    }
  });
});
