import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator, type AbstractIntlMessages } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { compiledTranslator, type CompiledMessages } from './compiled-format';
import { compileClientMessages } from './compiled-messages';
import { WIZARD_NAMESPACES } from '@/lib/booking/wizard-namespaces';

// The wizard's texts are compiled on the server and formatted in the browser without next-intl
// (lib/i18n/compiled-format.ts). A customer must read exactly what next-intl would have shown. Vitest loads both
// libraries' development builds; where icu-minify's production build differs (an empty value), the translator
// makes up the difference, and staff texts it cannot read alike are refused when saved (checkOverride).
const CATALOGUES = { en, th, ru } as const;

type Node = CompiledMessages[string];

function* texts(node: Node, path: string): Generator<[string, Node]> {
  if (typeof node === 'string' || Array.isArray(node)) yield [path, node];
  else for (const [key, child] of Object.entries(node)) yield* texts(child, path ? `${path}.${key}` : key);
}

/** The arguments a compiled text takes: plain ones, numbers (plural, number) and tags. */
function argumentsOf(message: unknown, out = { plain: new Set<string>(), numbers: new Set<string>(), dates: new Set<string>(), tags: new Set<string>() }) {
  if (!Array.isArray(message)) return out;
  for (const node of message as unknown[]) {
    if (!Array.isArray(node)) continue;
    const [name, type, ...rest] = node as [string, unknown, ...unknown[]];
    if (type === undefined) out.plain.add(name);
    else if (type === 4) out.numbers.add(name);
    else if (type === 5 || type === 6) out.dates.add(name);
    else if (type === 2 || type === 3) {
      out.numbers.add(name);
      for (const branch of Object.values(rest[0] as object)) argumentsOf(Array.isArray(branch) ? branch : [branch], out);
    } else if (typeof type !== 'number') {
      out.tags.add(name);
      argumentsOf([type, ...rest], out);
    }
  }
  return out;
}

describe('the wizard texts, compiled for the browser', () => {
  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])('read in %s exactly as next-intl formats them', (locale) => {
    const catalogue = CATALOGUES[locale];
    const compiled = compileClientMessages(catalogue, WIZARD_NAMESPACES);
    const ours = compiledTranslator({ locale, messages: compiled }, '');
    const theirs = createTranslator({ locale, messages: catalogue as AbstractIntlMessages });
    let checked = 0;
    for (const [key, message] of texts(compiled, '')) {
      const args = argumentsOf(message);
      // Dates reach a text written out by lib/dates, so the browser's formatter builds no date formatter.
      expect(args.dates, `${locale} ${key} takes a date`).toEqual(new Set());
      // Plural texts are read with the numbers that pick each of Thai's, English's and Russian's forms.
      for (const n of args.numbers.size ? [0, 1, 2, 5, 21, 1.5] : [0]) {
        const values: Record<string, string | number> = {};
        for (const name of args.plain) values[name] = `«${name}»`;
        for (const name of args.numbers) values[name] = n;
        const markup = Object.fromEntries([...args.tags].map((tag) => [tag, (chunks: string) => `<${tag}>${chunks}</${tag}>`]));
        const expected = args.tags.size
          ? theirs.markup(key as never, { ...values, ...markup } as never)
          : theirs(key as never, values as never);
        const got = args.tags.size ? ours.markup(key, { ...values, ...markup }) : ours(key, values);
        expect(got, `${locale} ${key} ${JSON.stringify(values)}`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  // React passes only plain objects from the page (a server component) to the wizard (a client component).
  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])('in %s, are plain objects and arrays that React can hand to the wizard', (locale) => {
    const unfit: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
      else if (value !== null && typeof value === 'object') {
        if (Object.getPrototypeOf(value) !== Object.prototype) unfit.push(path);
        for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
      } else if (!['string', 'number'].includes(typeof value)) unfit.push(path);
    };
    walk(compileClientMessages(CATALOGUES[locale], WIZARD_NAMESPACES), locale);
    expect(unfit).toEqual([]);
  });

  it('writes nothing for a value that is not there, as next-intl does', () => {
    const t = compiledTranslator({ locale: 'en', messages: compileClientMessages(en, ['booking']) }, 'booking.review');
    const theirs = createTranslator({ locale: 'en', messages: en, namespace: 'booking.review' });
    expect(en.booking.review.submit.bank_transfer).toContain('{amount}');
    expect(t('submit.bank_transfer', { amount: undefined as unknown as string })).toBe(theirs('submit.bank_transfer', { amount: undefined as unknown as string }));
    expect(t('submit.bank_transfer', { amount: undefined as unknown as string })).not.toContain('undefined');
  });

  it('counts months in Russian with each of its forms', () => {
    const t = compiledTranslator({ locale: 'ru', messages: compileClientMessages(ru, ['booking']) }, 'booking.terms');
    expect([1, 2, 5, 21].map((count) => t('months', { count }))).toEqual(['1 месяц', '2 месяца', '5 месяцев', '21 месяц']);
  });

  it('gives each tag of a rich text its element, with a key', () => {
    const t = compiledTranslator({ locale: 'th', messages: compileClientMessages(th, ['booking']) }, 'booking.review');
    const node = t.rich('privacyNotice', { link: (chunks) => createElement('a', { href: '/th/legal#privacy' }, chunks) });
    const html = renderToStaticMarkup(createElement(Fragment, null, node));
    expect(html).toMatch(/<a href="\/th\/legal#privacy">[^<]+<\/a>/);
    expect(html.replace(/<[^>]+>/g, '')).toBe(createTranslator({ locale: 'th', messages: th }).markup('booking.review.privacyNotice', { link: (c) => c }));
  });

  it('shows the key of a text that is missing, as next-intl does, and reports it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = compiledTranslator({ locale: 'en', messages: compileClientMessages(en, ['booking']) }, 'booking');
    expect(t('noSuchText' as never)).toBe('booking.noSuchText');
    expect(t.has('pageTitle')).toBe(true);
    expect(t.has('noSuchText')).toBe(false);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('shows the key of a staff text that is not valid ICU, as the server-rendered parts do', () => {
    const broken = { booking: { ...en.booking, pageTitle: 'Book {unit' } };
    const t = compiledTranslator({ locale: 'en', messages: compileClientMessages(broken, ['booking']) }, 'booking');
    expect(t('pageTitle')).toBe('booking.pageTitle');
    expect(t('unit.title')).toBe(en.booking.unit.title);
  });
});
