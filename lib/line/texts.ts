import { translator } from '@/lib/i18n/translator';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate } from '@/lib/dates/bangkok';

/**
 * The texts of the LINE messages (docs/product-rules.md#line-messages), in the customer's language: LINE shows plain
 * text, so each is one short paragraph with the link to act on. Pure: composed at delivery from the current data.
 */
export type LineText =
  | { kind: 'receipt'; amountSatang: number; number: string; reference: string; url: string }
  | { kind: 'reminder'; amountSatang: number; number: string; dueDate: string; url: string }
  | { kind: 'gate_pin'; pin: string; reference: string; unit: string | null }
  | { kind: 'linked' }
  | { kind: 'bad_code' };

export function lineText(locale: Locale, m: LineText): string {
  const t = translator(locale, 'line.messages');
  switch (m.kind) {
    case 'receipt':
      return t('receipt', { amount: formatTHB(m.amountSatang, locale), number: m.number, reference: m.reference, url: m.url });
    case 'reminder':
      return t('reminder', { amount: formatTHB(m.amountSatang, locale), number: m.number, date: formatLongDate(m.dueDate, locale), url: m.url });
    case 'gate_pin':
      return m.unit ? t('pinWithUnit', { pin: m.pin, reference: m.reference, unit: m.unit }) : t('pin', { pin: m.pin, reference: m.reference });
    case 'linked':
      return t('linked');
    case 'bad_code':
      return t('badCode');
  }
}

/** One message in every language the site speaks, for a sender whose language nothing tells (a code nobody made). */
export function lineTextInEveryLanguage(m: LineText): string {
  return LOCALES.map((locale) => lineText(locale, m)).join('\n\n');
}
