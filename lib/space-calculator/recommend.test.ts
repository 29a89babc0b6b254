import { describe, expect, it } from 'vitest';
import { CALCULATOR_ITEMS } from './items';
import { estimate as estimateFrom, recommendUnits, type CalculatorUnit, type Quantities } from './recommend';

const estimate = (quantities: Quantities) => estimateFrom(CALCULATOR_ITEMS, quantities);

const unit = (code: string, category: CalculatorUnit['category'], volumeCbm: number, baht: number, availableCount = 5): CalculatorUnit => ({
  code,
  name: code.toUpperCase(),
  category,
  dimensions: '',
  volumeCbm,
  monthlyRate: baht * 100,
  availableCount,
});

const UNITS = [
  unit('s', 'indoor', 7.5, 1400),
  unit('m', 'indoor', 15, 2700),
  unit('l', 'indoor', 37.5, 7100, 2),
  unit('xxl', 'indoor', 62.5, 12000, 0),
  unit('m6', 'outdoor', 15.6, 3500),
  unit('m1', 'outdoor', 50.4, 9500),
];

describe('estimate', () => {
  it('adds item volumes and room to move', () => {
    const e = estimate({ boxMedium: 20, sofa3: 1, bedDouble: 1 });
    expect(e.itemCount).toBe(22);
    expect(e.itemsVolume).toBe(4.8); // 1.4 + 1.8 + 1.6
    expect(e.neededVolume).toBe(6);
    expect(e.driveUpOnly).toBe(false);
  });
  it('ignores zero and negative quantities', () => {
    expect(estimate({ tv: 0, chair: -2 }).itemCount).toBe(0);
  });
});

describe('recommendUnits', () => {
  it('recommends nothing for no items', () => {
    expect(recommendUnits(UNITS, estimate({}))).toEqual({ units: [], bestFit: null, tooBig: false });
  });
  it('picks the smallest fitting unit as best fit', () => {
    const r = recommendUnits(UNITS, estimate({ boxMedium: 20 }));
    expect(r.bestFit).toBe('s');
    expect(r.units.map((u) => u.code)).toEqual(['s', 'm', 'm6']);
  });
  it('skips sold-out types for the best fit but still lists them', () => {
    const r = recommendUnits(UNITS, estimate({ wardrobe: 30 })); // 45 m³ × 1.25 = 56.3
    expect(r.units.map((u) => u.code)).toEqual(['xxl']);
    expect(r.bestFit).toBeNull();
    expect(recommendUnits(UNITS, estimate({ wardrobe: 25 })).bestFit).toBe('m1'); // 46.9 m³
  });
  it('puts motorbikes in drive-up units only', () => {
    const r = recommendUnits(UNITS, estimate({ motorbike: 1 }));
    expect(r.units.every((u) => u.category === 'outdoor')).toBe(true);
    expect(r.bestFit).toBe('m6');
  });
  it('says when nothing is big enough', () => {
    expect(recommendUnits(UNITS, estimate({ sofa3: 100 })).tooBig).toBe(true);
  });
});
