import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { HOLD_RULES, holdCopyValues, OFFLINE_HOLD_HOURS } from './rules';

// Issue 37: the site promised 48 hours in its copy while the code held 30 minutes. The copy now takes the hold's
// length as a placeholder from HOLD_RULES; a message that states it as a number fails here.
const texts = (o: unknown, path = ''): [string, string][] =>
  typeof o === 'string' ? [[path, o]] : o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k)) : [];

describe('hold lengths in the copy', () => {
  it('one rule per method: 48 hours offline, the checkout window online', () => {
    expect(OFFLINE_HOLD_HOURS).toBe(48);
    expect(holdCopyValues('cash')).toEqual({ hours: 48, minutes: 30 });
    expect(HOLD_RULES.card.holdMs).toBe(45 * 60_000);
    expect(HOLD_RULES.cash.reminderBeforeMs).toBeNull();
  });

  it.each([
    // (24/7 access and "we reply within 24 hours" are business facts, not lengths the code decides.)
    ['en', en, /\b48[ -]hours?\b|held (for you for |)24 hours|within \d+ minutes to keep/i],
    ['th', th, /48 ชั่วโมง|ไว้ให้คุณ 24|กันไว้ 24|ภายใน \d+ นาทีเพื่อเก็บ/],
    ['ru', ru, /\b48 час|на 24 часа|удерживается 24|в течение \d+ минут, чтобы сохранить/],
  ])('%s: no message states a hold or offer length as a number', (_locale, messages, stated) => {
    expect(texts(messages).filter(([, t]) => stated.test(t))).toEqual([]);
  });

  it.each([['en', en], ['th', th], ['ru', ru]])('%s: the hold messages take {hours}', (_locale, m) => {
    const at = (p: string) => p.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], m) as string;
    for (const key of ['emails.confirmation.bankIntro', 'emails.confirmation.cashNote', 'booking.cashHold.title', 'booking.bank.note', 'checkout.methodNotes.cash', 'checkout.success.next.cash', 'billingEmails.offer.subject']) {
      expect(at(key), key).toContain('hours');
    }
  });
});
