import { describe, expect, it } from 'vitest';
import { suggestRate, type SuggestionInput } from './rate-suggestions';

// 1,000 THB list price, 10 units; each case moves one figure across one threshold (docs/product-rules.md).
const base: SuggestionInput = { baseRate: 100_000, totalUnits: 10, takenUnits: 7, waiting: 0, starts: 0, bookings: 0 };
const at = (o: Partial<SuggestionInput>) => suggestRate({ ...base, ...o });

describe('rate suggestions', () => {
  it('keeps the price between the thresholds', () => {
    expect(at({})).toEqual({ kind: 'keep', occupancyPct: 70 });
  });

  it('raises 10% when 90% or more is taken and 3 or more wait; 5% with fewer waiting', () => {
    expect(at({ takenUnits: 9, waiting: 3 })).toEqual({ kind: 'raise', newRate: 110_000, reason: 'full_with_waiting', occupancyPct: 90 });
    expect(at({ takenUnits: 9, waiting: 2 })).toEqual({ kind: 'raise', newRate: 105_000, reason: 'nearly_full', occupancyPct: 90 });
    // 89% is not full, however many wait
    expect(at({ totalUnits: 100, takenUnits: 89, waiting: 5 })).toEqual({ kind: 'keep', occupancyPct: 89 });
  });

  it('rounds a suggested price to 10 baht', () => {
    expect(at({ baseRate: 123_400, takenUnits: 10, waiting: 3 })).toMatchObject({ newRate: 136_000 });
  });

  it('suggests a 15% promotion below 60% occupancy only when nobody waits', () => {
    expect(at({ takenUnits: 5 })).toEqual({ kind: 'promotion', promoRate: 85_000, reason: 'empty_units', occupancyPct: 50 });
    expect(at({ takenUnits: 6 })).toEqual({ kind: 'keep', occupancyPct: 60 });
    expect(at({ takenUnits: 5, waiting: 1 })).toEqual({ kind: 'keep', occupancyPct: 50 });
  });

  it('suggests a 10% promotion when under 5% of 50+ wizard starts book and occupancy is under 80%', () => {
    expect(at({ starts: 100, bookings: 4 })).toEqual({ kind: 'promotion', promoRate: 90_000, reason: 'low_conversion', occupancyPct: 70 });
    expect(at({ starts: 100, bookings: 5 })).toEqual({ kind: 'keep', occupancyPct: 70 });
    expect(at({ starts: 49, bookings: 0 })).toEqual({ kind: 'keep', occupancyPct: 70 });
    expect(at({ starts: 50, bookings: 0 })).toMatchObject({ kind: 'promotion', reason: 'low_conversion' });
    expect(at({ takenUnits: 8, starts: 100, bookings: 1 })).toEqual({ kind: 'keep', occupancyPct: 80 });
    expect(at({ totalUnits: 100, takenUnits: 79, starts: 100, bookings: 1 })).toMatchObject({ kind: 'promotion', reason: 'low_conversion' });
  });

  it('suggests nothing for a type without units', () => {
    expect(at({ totalUnits: 0, takenUnits: 0 })).toEqual({ kind: 'keep', occupancyPct: 0 });
  });
});
