import { describe, expect, it } from 'vitest';
import { dialogFeatures } from './dialog-features';

const DEFAULTS = ['24/7 PIN code access', 'CCTV security monitoring', 'Professional management'];

describe('More Info features', () => {
  it('shows at most five of the unit type features', () => {
    expect(dialogFeatures(['a', 'b', 'c', 'd', 'e', 'f'], DEFAULTS)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(dialogFeatures(['a', 'b'], DEFAULTS)).toEqual(['a', 'b']);
  });
  it('falls back to the three defaults when there are none', () => {
    expect(dialogFeatures([], DEFAULTS)).toEqual(DEFAULTS);
    expect(dialogFeatures(['  ', ''], DEFAULTS)).toEqual(DEFAULTS);
  });
});
