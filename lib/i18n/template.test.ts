import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { fillTemplate, pluralTemplate } from './template';
import { CLIENT_TEMPLATE_KEYS } from '@/app/[locale]/space-calculator/texts';

describe('fillTemplate', () => {
  it('fills plain placeholders and leaves unknown ones alone', () => {
    expect(fillTemplate('Items: about {volume} m³', { volume: '2.5' })).toBe('Items: about 2.5 m³');
    expect(fillTemplate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('pluralTemplate', () => {
  it('picks the Russian forms by count', () => {
    const rules = new Intl.PluralRules('ru');
    const t = ru.calculator.itemCount;
    expect(fillTemplate(pluralTemplate(t, 0, rules), { count: 0 })).toBe('Пока ничего не выбрано');
    expect(fillTemplate(pluralTemplate(t, 1, rules), { count: 1 })).toBe('1 предмет');
    expect(fillTemplate(pluralTemplate(t, 3, rules), { count: 3 })).toBe('3 предмета');
    expect(fillTemplate(pluralTemplate(t, 5, rules), { count: 5 })).toBe('5 предметов');
    expect(fillTemplate(pluralTemplate(t, 21, rules), { count: 21 })).toBe('21 предмет');
  });

  it('picks English and Thai forms', () => {
    expect(fillTemplate(pluralTemplate(en.calculator.itemCount, 1, new Intl.PluralRules('en')), { count: 1 })).toBe('1 item');
    expect(fillTemplate(pluralTemplate(en.calculator.itemCount, 2, new Intl.PluralRules('en')), { count: 2 })).toBe('2 items');
    expect(fillTemplate(pluralTemplate(th.calculator.itemCount, 7, new Intl.PluralRules('th')), { count: 7 })).toBe('7 ชิ้น');
  });
});

describe('templates formatted in the browser', () => {
  it('use plain placeholders only (no ICU plural, select or quoting), in every language', () => {
    for (const messages of [en, th, ru]) {
      for (const key of CLIENT_TEMPLATE_KEYS) {
        const value: unknown = messages.calculator[key];
        const texts = typeof value === 'string' ? [value] : Object.values(value as Record<string, string>);
        for (const text of texts) {
          expect(text, key).not.toMatch(/\{\w+,|'/);
          expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(/[{}]/);
        }
      }
    }
  });
});
