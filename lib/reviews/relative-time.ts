import { intlLocale } from '@/lib/format/money';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago a review was published, in the reader's language ("2 weeks ago", "2 สัปดาห์ที่ผ่านมา",
 * "2 недели назад"), in the coarse steps Google uses. Pure: the caller passes `now`.
 */
export function formatReviewAge(publishedAt: Date, now: Date, locale: string): string {
  // A clock a little ahead of ours must not print "in 2 hours".
  const days = Math.max(0, Math.floor((now.getTime() - publishedAt.getTime()) / DAY_MS));
  const tag = intlLocale(locale);
  // 'auto' gives "today" / "yesterday"; longer spans stay numeric, since "last week" reads as the calendar week.
  if (days < 7) return new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(-days, 'day');
  const always = new Intl.RelativeTimeFormat(tag, { numeric: 'always' });
  if (days < 30) return always.format(-Math.floor(days / 7), 'week');
  if (days < 365) return always.format(-Math.max(1, Math.floor(days / 30.44)), 'month');
  return always.format(-Math.max(1, Math.floor(days / 365.25)), 'year');
}
