import { describe, expect, it } from 'vitest';
import { arrearsBlockingAccess, blocksAccess, rentalState } from './arrears';

const at = (day: string) => new Date(`${day}T00:00:00+07:00`);
const inv = (o: { kind?: string; due: string; total: number; paid?: number; status?: string }) => ({
  kind: o.kind ?? 'renewal',
  status: o.status ?? 'open',
  dueAt: at(o.due),
  totalSatang: o.total,
  payments: o.paid ? [{ status: 'paid', amountSatang: o.paid, refundedSatang: 0 }] : [],
  creditNotes: [],
});

describe('what keeps access suspended', () => {
  const today = '2027-01-12';
  it('is overdue rent, and a fee from the day it is charged', () => {
    expect(blocksAccess(inv({ due: '2027-01-01', total: 270_000 }), today)).toBe(true);
    expect(blocksAccess(inv({ kind: 'fee', due: today, total: 27_000 }), today)).toBe(true);
    // next month's rent, due today, is not late yet
    expect(blocksAccess(inv({ due: today, total: 270_000 }), today)).toBe(false);
    expect(blocksAccess(inv({ due: '2027-01-01', total: 270_000, status: 'paid' }), today)).toBe(false);
  });

  it('adds the late fee to the rent in the amount that restores access (฿2,700 + ฿270), less what was paid', () => {
    const { dueSatang, invoices } = arrearsBlockingAccess([inv({ kind: 'fee', due: today, total: 27_000 }), inv({ due: '2027-01-01', total: 270_000, paid: 100_000 })], today);
    expect(dueSatang).toBe(170_000 + 27_000);
    expect(invoices.map((i) => i.kind)).toEqual(['renewal', 'fee']);
  });
});

describe("the rental's state in the portal", () => {
  const today = '2027-01-12';
  const base = { status: 'active', delinquency: 'current', noticeGivenAt: null, invoices: [] };
  it('is current, overdue, suspended, notice given or ended, the most pressing first', () => {
    expect(rentalState(base, today)).toBe('current');
    expect(rentalState({ ...base, invoices: [inv({ due: '2027-01-05', total: 1 })] }, today)).toBe('overdue');
    expect(rentalState({ ...base, delinquency: 'suspended', invoices: [inv({ due: '2026-12-01', total: 1 })] }, today)).toBe('suspended');
    expect(rentalState({ ...base, delinquency: 'overlocked' }, today)).toBe('suspended');
    expect(rentalState({ ...base, noticeGivenAt: at('2027-01-02') }, today)).toBe('notice_given');
    expect(rentalState({ ...base, noticeGivenAt: at('2027-01-02'), invoices: [inv({ due: '2027-01-05', total: 1 })] }, today)).toBe('overdue');
    expect(rentalState({ ...base, status: 'ended' }, today)).toBe('ended');
    expect(rentalState({ ...base, status: 'reserved' }, today)).toBeNull();
  });
});
