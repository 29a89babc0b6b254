import { describe, expect, it } from 'vitest';
import { unitTypeText } from './snapshot';

// The confirmation's unit line in a Thai or Russian email holds no English filler (issue 37).
describe('unitTypeText', () => {
  it('writes the size in brackets when the type has one', () => {
    expect(unitTypeText({ typeLabel: 'Маленький бокс', sizeDisplay: '1,5 м × 2 м × 2,5 м' })).toBe('Маленький бокс (1,5 м × 2 м × 2,5 м)');
  });

  it('writes the name alone for a type without dimensions, also from a snapshot stored with the old English filler', () => {
    expect(unitTypeText({ typeLabel: 'ห้องเก็บของขนาดเล็ก', sizeDisplay: '' })).toBe('ห้องเก็บของขนาดเล็ก');
    expect(unitTypeText({ typeLabel: 'Маленький бокс', sizeDisplay: 'Standard dimensions' })).toBe('Маленький бокс');
  });
});
