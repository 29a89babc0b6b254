import type en from '@/messages/en.json';
import { formatTHB, intlLocale } from '@/lib/format/money';
import { localizedHref } from '@/lib/i18n/href';
import type { Locale } from '@/lib/i18n/routing';
import { CALCULATOR_CATEGORIES, CALCULATOR_ITEMS, type CalculatorCategory, type CalculatorItemId } from '@/lib/space-calculator/items';
import type { CalculatorUnit } from '@/lib/space-calculator/recommend';

type Messages = (typeof en)['calculator'];
type PluralTemplates = Messages['itemCount'];

/** Calculator texts that the browser fills in itself, with numbers it computes: raw templates, plain {name} only. */
export const CLIENT_TEMPLATE_KEYS = ['itemCount', 'totalVolume', 'neededVolume', 'volumeShort'] as const;

/**
 * Everything the space calculator shows, translated on the server. Texts that depend only on server data (item names,
 * unit prices, availability) arrive formatted; the running totals arrive as templates (see CLIENT_TEMPLATE_KEYS).
 */
export interface CalculatorTexts {
  static: Record<
    'itemsHeading' | 'summaryHeading' | 'emptyHint' | 'recommendedHeading' | 'perMonthShort' | 'seeRecommendation' | 'bestFit' | 'bookNow' | 'tooBig' | 'reset' | 'note',
    string
  >;
  templates: { itemCount: PluralTemplates; totalVolume: string; neededVolume: string; volumeShort: string };
  categories: Record<CalculatorCategory, string>;
  items: Record<CalculatorItemId, { name: string; volumeEach: string; decrease: string; increase: string; quantity: string }>;
  units: Record<string, { category: string; volume: string; price: string; availability: string; bookLabel: string; bookHref: string }>;
}

interface Translator {
  (key: string, values?: Record<string, string | number>): string;
  raw(key: string): unknown;
}

export function buildCalculatorTexts(t: Translator, units: readonly CalculatorUnit[], locale: Locale): CalculatorTexts {
  const volume = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 });
  const staticKeys = ['itemsHeading', 'summaryHeading', 'emptyHint', 'recommendedHeading', 'perMonthShort', 'seeRecommendation', 'bestFit', 'bookNow', 'tooBig', 'reset', 'note'] as const;
  return {
    static: Object.fromEntries(staticKeys.map((k) => [k, t(k)])) as CalculatorTexts['static'],
    templates: {
      itemCount: t.raw('itemCount') as PluralTemplates,
      totalVolume: t.raw('totalVolume') as string,
      neededVolume: t.raw('neededVolume') as string,
      volumeShort: t.raw('volumeShort') as string,
    },
    categories: Object.fromEntries(CALCULATOR_CATEGORIES.map((c) => [c, t(`categories.${c}`)])) as CalculatorTexts['categories'],
    items: Object.fromEntries(
      CALCULATOR_ITEMS.map((item) => {
        const name = t(`items.${item.id}`);
        return [
          item.id,
          {
            name,
            volumeEach: t('volumeEach', { volume: volume.format(item.volume) }),
            decrease: t('decrease', { item: name }),
            increase: t('increase', { item: name }),
            quantity: t('quantity', { item: name }),
          },
        ];
      }),
    ) as CalculatorTexts['items'],
    units: Object.fromEntries(
      units.map((u) => [
        u.code,
        {
          category: t(u.category),
          volume: t('unitVolume', { volume: volume.format(u.volumeCbm ?? 0) }),
          price: formatTHB(u.monthlyRate, locale),
          availability: u.availableCount > 0 ? t('available', { count: u.availableCount }) : t('soldOut'),
          bookLabel: t('bookUnit', { unit: u.name }),
          bookHref: localizedHref(locale, { pathname: '/booking-v2', query: { unit: u.code } }),
        },
      ]),
    ),
  };
}
