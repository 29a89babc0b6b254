import { describe, expect, it } from 'vitest';
import { formatDimensions, formatMeasure, formatMetres } from './measures';

describe('unit sizes in each language', () => {
  it('Russian writes every decimal with a comma and the metre as м, like its 7,5 м³', () => {
    expect(formatDimensions('1.5 m × 2 m × 2.5 m', 'ru')).toBe('1,5 м × 2 м × 2,5 м');
    expect(formatMeasure(7.5, 'ru')).toBe('7,5');
    expect(formatMetres(2.8, 'ru')).toBe('2,8 м');
  });

  it('English and Thai keep the point; Thai writes the metre as ม.', () => {
    expect(formatDimensions('1.5 m × 2 m × 2.5 m', 'en')).toBe('1.5 m × 2 m × 2.5 m');
    expect(formatDimensions('1.5 m × 2 m × 2.5 m', 'th')).toBe('1.5 ม. × 2 ม. × 2.5 ม.');
    expect(formatMeasure(7.5, 'th')).toBe('7.5');
  });

  it('reads what staff type: commas, no space before m, numbers without a unit', () => {
    expect(formatDimensions('1,5m x 2m', 'en')).toBe('1.5 m x 2 m');
    expect(formatDimensions('2 × 2.5 × 2.4', 'ru')).toBe('2 × 2,5 × 2,4');
  });

  it('leaves areas, volumes and words as typed', () => {
    expect(formatDimensions('approx. 12 m³', 'ru')).toBe('approx. 12 m³');
    expect(formatDimensions('Standard dimensions', 'ru')).toBe('Standard dimensions');
  });
});
