/**
 * How the legal texts write the figures the code keeps (./default-agreement.ts, prisma/seed-data/legal.ts): each is
 * written from its constant, never typed into the text (docs/product-rules.md#figures-the-code-decides), and
 * ./legal-figures.tz.test.ts fails on one typed in. Pure: the seed imports it under plain Node.
 */

/** Satang as the English and Thai texts write baht: 350, 3,000. */
export const baht = (satang: number) => new Intl.NumberFormat('en-US').format(satang / 100);
/** Satang as the Russian texts write baht: 350, 3000. */
export const bahtRu = (satang: number) => String(satang / 100);

function ruCount(n: number, one: string, few: string, many: string): string {
  const form = new Intl.PluralRules('ru').select(n);
  return form === 'one' ? one : form === 'few' ? few : many;
}
/** The Russian word after a number of days: "день", "дня", "дней". */
export const ruDays = (n: number) => ruCount(n, 'день', 'дня', 'дней');
/** The Russian word after a number of hours: "час", "часа", "часов". */
export const ruHours = (n: number) => ruCount(n, 'час', 'часа', 'часов');
