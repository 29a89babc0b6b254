import { describe, expect, it } from 'vitest';
import { intents, mentionedUnits, rankFaq } from './matching';
import { detectLanguage } from './language';

const UNITS = [
  { code: 's', names: ['Small Unit', 'ห้องเก็บของขนาดเล็ก', 'Маленький бокс'] },
  { code: 'm', names: ['Medium Unit', 'ห้องเก็บของขนาดกลาง', 'Средний бокс'] },
  { code: 'l', names: ['Large Unit', 'ห้องเก็บของขนาดใหญ่', 'Большой бокс'] },
  { code: 'xl', names: ['Extra Large Unit', 'ห้องเก็บของขนาดใหญ่พิเศษ', 'Очень большой бокс'] },
  { code: 'm6', names: ['Drive-Up Unit, Small', 'ห้องเก็บของขับรถถึงหน้าห้อง ขนาดเล็ก', 'Бокс с подъездом, малый'] },
  { code: 'm4', names: ['Drive-Up Unit, Medium', 'ห้องเก็บของขับรถถึงหน้าห้อง ขนาดกลาง', 'Бокс с подъездом, средний'] },
];

describe('mentionedUnits', () => {
  it('finds codes, names in any language and size words', () => {
    expect(mentionedUnits('ยูนิต M ราคาเท่าไหร่', UNITS)).toEqual(['m']);
    expect(mentionedUnits('How much is XL?', UNITS)).toEqual(['xl']);
    expect(mentionedUnits('size m please', UNITS)).toEqual(['m']);
    expect(mentionedUnits('ห้องเก็บของขนาดใหญ่พิเศษ ราคาเท่าไร', UNITS)).toEqual(['xl']);
    expect(mentionedUnits('Сколько стоит очень большой бокс?', UNITS)).toEqual(['xl']);
    expect(mentionedUnits('a small unit', UNITS)).toEqual(['s']);
    expect(mentionedUnits('a medium drive-up unit', UNITS)).toEqual(['m4']);
    expect(mentionedUnits('m6 or m4?', UNITS).sort()).toEqual(['m4', 'm6']);
  });

  it('does not read ordinary words as unit codes', () => {
    expect(mentionedUnits("I'm moving next month, what do I need?", UNITS)).toEqual([]);
  });
});

describe('intents', () => {
  it('recognises price, availability and facility questions in three languages', () => {
    expect([...intents('How much is it per month?')]).toContain('price');
    expect([...intents('ราคาเท่าไหร่คะ')]).toContain('price');
    expect([...intents('Сколько стоит?')]).toContain('price');
    expect([...intents('Do you have any available?')]).toContain('availability');
    expect([...intents('ยังมีห้องว่างไหม')]).toContain('availability');
    expect([...intents('What are your opening hours?')]).toContain('facility');
    expect([...intents('อยู่ที่ไหนคะ')]).toContain('facility');
    expect([...intents('Где вы находитесь?')]).toContain('facility');
    expect(intents('Can I store my surfboard?').size).toBe(0);
  });
});

describe('rankFaq', () => {
  const faq = [
    { id: 'insurance', question: 'Do I need insurance?', answer: 'Insurance is optional. Cover is the monthly price × 1,000.' },
    { id: 'deposit', question: 'Is there a security deposit?', answer: 'Yes: one month’s rent, waived when you pay by card.' },
    { id: 'prohibited', question: 'What am I not allowed to store?', answer: 'No food, animals, fuel, weapons or illegal goods.' },
  ];
  const faqTh = [
    { id: 'insurance', question: 'ต้องทำประกันไหม', answer: 'ประกันเป็นทางเลือก' },
    { id: 'deposit', question: 'มีเงินมัดจำไหม', answer: 'มี เท่ากับค่าเช่าหนึ่งเดือน' },
  ];

  it('puts the closest question first', () => {
    expect(rankFaq('Is insurance required?', [faq])[0].id).toBe('insurance');
    expect(rankFaq('How big is the deposit?', [faq])[0].id).toBe('deposit');
    expect(rankFaq('Can I keep fuel or weapons?', [faq])[0].id).toBe('prohibited');
    expect(rankFaq('ต้องมีเงินมัดจำไหมคะ', [faqTh])[0].id).toBe('deposit');
  });

  it('finds nothing for an unrelated message', () => {
    expect(rankFaq('What is the weather like tomorrow?', [faq])).toEqual([]);
  });
});

describe('detectLanguage', () => {
  it('answers in the script the visitor wrote in; digits alone keep the page language', () => {
    expect(detectLanguage('ยูนิต M ราคาเท่าไหร่', 'en')).toBe('th');
    expect(detectLanguage('Сколько стоит бокс M?', 'th')).toBe('ru');
    expect(detectLanguage('How much?', 'ru')).toBe('en');
    expect(detectLanguage('2700?', 'th')).toBe('th');
  });
});
