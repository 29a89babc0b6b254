import { describe, expect, it } from 'vitest';
import { CatalogFailure, catalogFailureMessage } from './failure';

/** Each kind of catalogue refusal reads the message family it always did, in the staff member's language. */
describe('catalogFailureMessage', () => {
  it('reads each kind from its own family', () => {
    expect(catalogFailureMessage('en', new CatalogFailure('catalog', 'unit_exists'))).toBe('A unit with this number exists already.');
    expect(catalogFailureMessage('en', new CatalogFailure('image', 'image_size'))).toBe('File size should be less than 10MB');
  });

  it('says its words itself, so the action wrapper answers a unit in use with the staff text', () => {
    expect(new CatalogFailure('catalog', 'unit_in_use').say('en')).toBe('This unit holds a booking; move the booking to another unit first.');
  });
});
