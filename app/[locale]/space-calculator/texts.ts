import type en from '@/messages/en.json';
import { intlLocale } from '@/lib/format/intl-locale';
import { formatMeasure } from '@/lib/format/measures';
import type { Locale } from '@/lib/i18n/routing';
import { CALCULATOR_CATEGORIES, CALCULATOR_ITEMS } from '@/lib/space-calculator/items';
import { PACKING_FACTOR } from '@/lib/space-calculator/recommend';

type Messages = (typeof en)['calculator'];
type PluralTemplates = Messages['itemCount'];

/** Calculator texts that the browser fills in itself, with numbers it computes: raw templates, plain {name} only. */
export const CLIENT_TEMPLATE_KEYS = ['itemCount', 'totalVolume', 'neededVolume', 'volumeShort'] as const;

/** An item as the calculator's browser code gets it: what the estimate needs and its translated labels. */
export interface CalculatorItemView {
  id: string;
  volume: number;
  driveUpOnly?: boolean;
  name: string;
  volumeEach: string;
  decrease: string;
  increase: string;
  quantity: string;
}

/**
 * What the space calculator's browser code shows, translated on the server. Texts that depend only on server data
 * (item names) arrive formatted; the running totals arrive as templates (see CLIENT_TEMPLATE_KEYS); the unit cards
 * it recommends arrive rendered (unit-cards.tsx).
 * The item list itself (ids, volumes, categories) travels as data with them, not in the page's script (README
 * "Performance", the script budget).
 */
export interface CalculatorTexts {
  /** the Intl locale the browser formats the running volumes with */
  numberLocale: string;
  static: Record<
    'itemsHeading' | 'summaryHeading' | 'emptyHint' | 'recommendedHeading' | 'seeRecommendation' | 'bestFit' | 'tooBig' | 'reset' | 'note',
    string
  >;
  templates: { itemCount: PluralTemplates; totalVolume: string; neededVolume: string; volumeShort: string };
  /** the items by category, in CALCULATOR_CATEGORIES' order */
  groups: { category: string; label: string; items: CalculatorItemView[] }[];
}

export interface Translator {
  (key: string, values?: Record<string, string | number>): string;
  raw(key: string): unknown;
}

export function buildCalculatorTexts(t: Translator, locale: Locale): CalculatorTexts {
  const staticKeys = ['itemsHeading', 'summaryHeading', 'emptyHint', 'recommendedHeading', 'seeRecommendation', 'bestFit', 'tooBig', 'reset', 'note'] as const;
  return {
    numberLocale: intlLocale(locale),
    // The walkway allowance the recommendation adds (lib/space-calculator/recommend.ts), said from the same factor.
    static: Object.fromEntries(staticKeys.map((k) => [k, k === 'note' ? t(k, { percent: Math.round((PACKING_FACTOR - 1) * 100) }) : t(k)])) as CalculatorTexts['static'],
    templates: {
      itemCount: t.raw('itemCount') as PluralTemplates,
      totalVolume: t.raw('totalVolume') as string,
      neededVolume: t.raw('neededVolume') as string,
      volumeShort: t.raw('volumeShort') as string,
    },
    groups: CALCULATOR_CATEGORIES.map((category) => ({
      category,
      label: t(`categories.${category}`),
      items: CALCULATOR_ITEMS.filter((item) => item.category === category).map((item) => {
        const name = t(`items.${item.id}`);
        return {
          id: item.id,
          volume: item.volume,
          ...('driveUpOnly' in item ? { driveUpOnly: item.driveUpOnly } : {}),
          name,
          volumeEach: t('volumeEach', { volume: formatMeasure(item.volume, locale) }),
          decrease: t('decrease', { item: name }),
          increase: t('increase', { item: name }),
          quantity: t('quantity', { item: name }),
        };
      }),
    })),
  };
}
