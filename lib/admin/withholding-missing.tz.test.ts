import { describe, expect, it } from 'vitest';
import { groupMissing, type MissingRow } from './withholding-missing';

const row = (over: Partial<MissingRow>): MissingRow => ({
  invoiceId: 'i1',
  number: 'INV-2026-000001',
  paidAt: new Date('2026-11-10T05:00:00Z'),
  withheldSatang: 3_046_00,
  customerId: 'c1',
  customer: 'Somchai Jaidee',
  company: 'Andaman Trading Co., Ltd.',
  bookingReference: 'BF2-AAAAAAAA',
  ...over,
});

describe('certificates still missing, by customer and month paid', () => {
  it('groups by customer and Bangkok month, newest month first, with the amount withheld per group', () => {
    const groups = groupMissing([
      row({ invoiceId: 'a', paidAt: new Date('2026-11-30T18:00:00Z') }), // 1 Dec in Bangkok
      row({ invoiceId: 'b', paidAt: new Date('2026-11-03T05:00:00Z'), withheldSatang: 500_00 }),
      row({ invoiceId: 'c', paidAt: new Date('2026-11-20T05:00:00Z') }),
      row({ invoiceId: 'd', customerId: 'c2', customer: 'Anna Petrova', company: null, paidAt: new Date('2026-11-15T05:00:00Z'), withheldSatang: 100_00 }),
    ]);
    expect(groups.map((g) => [g.month, g.customerId, g.invoices.map((i) => i.invoiceId), g.withheldSatang])).toEqual([
      ['2026-12', 'c1', ['a'], 3_046_00],
      ['2026-11', 'c1', ['b', 'c'], 3_546_00], // Andaman before Anna: by company or name
      ['2026-11', 'c2', ['d'], 100_00],
    ]);
  });
});
