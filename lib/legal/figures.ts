/**
 * How the legal texts write the figures the code keeps (./default-agreement.ts, prisma/seed-data/legal.ts): each is
 * written from its constant, never typed into the text (docs/product-rules.md#figures-the-code-decides), and
 * ./legal-figures.tz.test.ts fails on one typed in. Pure: the seed imports it under plain Node.
 */
import { formatTHB } from '@/lib/format/money';
import { pluralTemplate } from '@/lib/i18n/template';

/** Satang as the English and Thai texts write baht, after the one money formatter: 350, 3,000. */
export const baht = (satang: number) => formatTHB(satang, 'en', { symbol: false });
/** Satang as the Russian texts write baht: 350, 3000. */
export const bahtRu = (satang: number) => formatTHB(satang, 'ru', { symbol: false, grouping: false });

const RU = new Intl.PluralRules('ru');
/** The Russian word after a number of days: "день", "дня", "дней". */
export const ruDays = (n: number) => pluralTemplate({ one: 'день', few: 'дня', other: 'дней' }, n, RU);
/** The Russian word after a number of hours: "час", "часа", "часов". */
export const ruHours = (n: number) => pluralTemplate({ one: 'час', few: 'часа', other: 'часов' }, n, RU);
