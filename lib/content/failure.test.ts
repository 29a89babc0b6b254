import { describe, expect, it } from 'vitest';
import { ContentFailure, contentFailureMessage } from './failure';

/** A content refusal reads the message family it always did, with what it names filled in. */
describe('contentFailureMessage', () => {
  it('names the placeholders a translation must keep', () => {
    expect(contentFailureMessage('en', new ContentFailure('placeholders', '{name}'))).toBe('The text must keep the same placeholders as the original: {name}.');
  });

  it('says its words itself, so the action wrapper answers an unknown key with the staff text', () => {
    expect(new ContentFailure('unknown_key').say('en')).toBe('No text of the site has this key.');
  });
});
