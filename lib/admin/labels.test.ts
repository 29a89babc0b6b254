import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import { humanizeCode, labelOf, languageName } from './labels';

function translator(table: Record<string, string>) {
  const t = ((key: string) => table[key]) as unknown as Parameters<typeof labelOf>[0];
  (t as unknown as { has: (k: string) => boolean }).has = (key: string) => key in table;
  return t;
}

describe('languageName', () => {
  it('names the customer language in the staff member language, never as its code', () => {
    expect(languageName(translator(en.languageSwitcher), 'en')).toBe('English');
    expect(languageName(translator(en.languageSwitcher), 'th')).toBe('Thai');
    expect(languageName(translator(th.languageSwitcher), 'en')).toBe('อังกฤษ');
    expect(languageName(translator(th.languageSwitcher), 'ru')).toBe('รัสเซีย');
  });
  it('shows a language the site does not speak as its code, and a missing one as a dash', () => {
    expect(languageName(translator(en.languageSwitcher), 'zh')).toBe('ZH');
    expect(languageName(translator(en.languageSwitcher), null)).toBe('—');
  });
});

describe('labelOf', () => {
  it('uses the label when there is one, else the code made readable', () => {
    expect(labelOf(translator({ 'platforms.website': 'Website' }), 'platforms.website', 'website')).toBe('Website');
    expect(labelOf(translator({}), 'platforms.line', 'line')).toBe('Line');
    expect(humanizeCode('gate_pin.encrypt_legacy')).toBe('Gate pin encrypt legacy');
  });
});
