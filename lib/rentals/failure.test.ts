import { describe, expect, it } from 'vitest';
import { RentalFailure, rentalFailureMessage } from './failure';

describe('rentalFailureMessage', () => {
  it("reads a rental command's refusal from the booking actions family", () => {
    expect(rentalFailureMessage('en', new RentalFailure('amount_mismatch'))).toBe('The amount must be exactly the amount due.');
  });
});
