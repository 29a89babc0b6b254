/**
 * Characters nobody types into a form: C0 controls but tab and line breaks, DEL, and the invisible direction and
 * byte-order marks that make text read differently from how it is stored (docs/product-rules.md#security-headers,
 * "Input hygiene"). Pure: used by the server's body reader, the action wrapper and the contact rules alike.
 */
export const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069\ufeff]/;
export const FORBIDDEN_CHARACTERS_ALL = new RegExp(FORBIDDEN_CHARACTERS.source, 'g');

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}
