import { describe, expect, it } from 'vitest';
import { unavailableMethods } from './payment-methods';

describe('payment methods that cannot be used now', () => {
  it('are card and PromptPay when online payment is switched off, none otherwise', () => {
    expect(unavailableMethods(false).sort()).toEqual(['card', 'promptpay']);
    expect(unavailableMethods(true)).toEqual([]);
  });
});
