import { describe, expect, it } from 'vitest';
import { BOOKING_REFERENCE_RE, generateBookingReference } from './reference';
import { canonicalJson, sha256Hex } from './canonical-json';

describe('booking references', () => {
  it('are BF2- and 8 Crockford base-32 characters, and random', () => {
    const refs = Array.from({ length: 500 }, generateBookingReference);
    for (const r of refs) expect(r).toMatch(BOOKING_REFERENCE_RE);
    expect(refs.join('')).not.toMatch(/[ILOU]/);
    expect(new Set(refs).size).toBe(refs.length);
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every level so equal payloads hash the same', () => {
    const a = canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 'x' } });
    const b = canonicalJson({ a: { c: 'x', d: [2, { y: 2, z: 1 }] }, b: 1 });
    expect(a).toBe(b);
    expect(a).toBe('{"a":{"c":"x","d":[2,{"y":2,"z":1}]},"b":1}');
    expect(sha256Hex(a)).toMatch(/^[a-f0-9]{64}$/);
  });
});
