import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';

function flatten(o: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();

describe.each([
  ['th', th],
  ['ru', ru],
])('%s translations', (_locale, messages) => {
  const base = flatten(en);
  const other = flatten(messages);
  it('has every English key and no extra ones', () => {
    expect(Object.keys(other).sort()).toEqual(Object.keys(base).sort());
  });
  it('keeps the placeholders of each English text', () => {
    for (const [key, text] of Object.entries(base)) {
      expect(placeholders(other[key] ?? ''), key).toEqual(placeholders(text));
    }
  });
  it('is actually translated (not English copied over)', () => {
    const script = _locale === 'th' ? /[\u0E00-\u0E7F]/ : /[\u0400-\u04FF]/;
    const translated = Object.values(other).filter((v) => script.test(v)).length;
    expect(translated / Object.keys(other).length).toBeGreaterThan(0.8);
  });
});
