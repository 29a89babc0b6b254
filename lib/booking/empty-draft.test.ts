import { describe, expect, it } from 'vitest';
import { contactSchema, draftSchema } from './draft';
import { emptyContact, emptyDraft } from './empty-draft';

describe('a new draft', () => {
  it('is what the draft schema makes of an idempotency key alone, field for field', () => {
    expect(emptyDraft('key-12345678')).toStrictEqual(draftSchema.parse({ idempotencyKey: 'key-12345678' }));
    expect(emptyContact()).toStrictEqual(contactSchema.parse({}));
  });

  it('passes the schema unchanged, so a stored new draft comes back as it was', () => {
    const draft = emptyDraft('key-12345678');
    expect(draftSchema.parse(JSON.parse(JSON.stringify(draft)))).toStrictEqual(draft);
  });

  it('is a fresh object each time: one wizard editing its draft never changes another', () => {
    const a = emptyDraft('key-12345678');
    a.contact.firstName = 'Somchai';
    a.agreement.agreed = true;
    expect(emptyDraft('key-12345678').contact.firstName).toBe('');
    expect(emptyDraft('key-12345678').agreement.agreed).toBe(false);
  });
});
