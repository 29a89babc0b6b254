import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { adminDates } from '@/lib/dates/admin-dates';
import { todayItems, type TodayKind } from '@/lib/admin/today';
import type { PrivacyRequestKind } from '@/lib/retention/privacy-requests';
import { Badge, PageTitle } from '../_components/ui';
import { formatThaiPhone } from '@/lib/format/phone';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staffTools.today'))('title') };
}

const TONE: Record<TodayKind, 'gray' | 'green' | 'amber' | 'red' | 'blue'> = { moveIn: 'green', moveOut: 'blue', cash: 'amber', slip: 'amber', identity: 'amber', overlock: 'red', unlock: 'green', chat: 'blue', noUnit: 'red', privacy: 'amber' };

/**
 * Today at the counter (docs/product-rules.md#today): one list in time order, times in Asia/Bangkok, each item
 * linking to where its next step is done. Renders per request: the day's work changes by the minute.
 */
export default async function TodayPage() {
  const { db } = await adminPage('today');
  const [t, tm, locale] = await Promise.all([getTranslations('staffTools.today'), getTranslations('moveIn'), getLocale()]);
  const loc = locale === 'th' ? 'th' : 'en';
  const dates = adminDates(locale);
  const { today, items } = await todayItems(db);
  // Today's items show their time; older ones the admin's one date format with the time (lib/dates/admin-dates.ts).
  const when = (at: Date | null, day: string | null) => {
    if (at) return todayInBangkok(at) === today ? dates.time(at) : dates.dateTime(at);
    return day && day !== today ? dates.calendarDay(day) : t('allDay');
  };
  const counts = items.reduce<Partial<Record<TodayKind, number>>>((c, i) => ({ ...c, [i.kind]: (c[i.kind] ?? 0) + 1 }), {});
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <p className="-mt-4 mb-4 text-sm text-slate-700">{t('intro', { date: dates.calendarDay(today) })}</p>
      {items.length ? (
        <p className="mb-4 flex flex-wrap gap-2 text-sm">
          {(Object.keys(counts) as TodayKind[]).map((k) => (
            <Badge key={k} tone={TONE[k]}>{`${t(`kinds.${k}`)}: ${counts[k]}`}</Badge>
          ))}
        </p>
      ) : (
        <p className="rounded-md border border-green-200 bg-green-50 p-4 text-green-900">{t('empty')}</p>
      )}
      <ol className="space-y-3">
        {items.map((i) => (
          <li key={i.key} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono text-sm font-semibold text-slate-900">{when(i.at, i.day)}</span>
              <Badge tone={TONE[i.kind]}>{t(`kinds.${i.kind}`)}</Badge>
              {i.reference ? <span className="font-mono text-sm">{i.reference}</span> : null}
              {i.unit ? <span className="text-sm">{t('unit', { number: i.unit })}</span> : null}
              {i.amountSatang !== undefined ? <span className="text-sm font-semibold">{formatTHB(i.amountSatang, loc)}</span> : null}
            </div>
            {i.customer ? (
              <p className="mt-1 text-sm text-slate-800">
                {i.customer}
                {i.phone ? (
                  <>
                    {' · '}
                    <a href={`tel:${i.phone.replace(/[^\d+]/g, '')}`} className="underline">
                      {formatThaiPhone(i.phone)}
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
            {i.text ? (
              <p className={`mt-1 break-words text-sm ${i.kind === 'noUnit' ? 'font-medium text-red-800' : 'text-slate-700'}`}>
                {i.kind === 'slip'
                  ? t('invoice', { number: i.text })
                  : i.kind === 'identity'
                    ? tm(`kinds.${i.text as 'passport'}`)
                    : i.kind === 'noUnit'
                      ? t(`noUnit.${i.text as 'automatic' | 'staff' | 'waiting'}`, { time: i.dueAt ? dates.dateTime(i.dueAt) : '' })
                      : i.kind === 'privacy'
                        ? t(`privacy.${i.text as PrivacyRequestKind}`, { time: i.dueAt ? dates.dateTime(i.dueAt) : '' })
                        : `“${i.text}”`}
              </p>
            ) : null}
            {i.checklist ? (
              <ul aria-label={t('checklist')} className="mt-2 grid gap-1 text-sm sm:grid-cols-3">
                {(['idSeen', 'paymentIn', 'unitAssigned', 'pinSet', 'photosTaken'] as const).map((c) => (
                  <li key={c} className={i.checklist![c] ? 'text-green-800' : 'text-amber-800'}>
                    <span aria-hidden="true">{i.checklist![c] ? '✓ ' : '○ '}</span>
                    {t(`check.${c}`)}
                    <span className="sr-only">{`: ${i.checklist![c] ? t('done') : t('notYet')}`}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <Link href={i.href} className="mt-2 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white">
              {t(`next.${i.next}`)}
              {i.reference ? <span className="sr-only">{` ${i.reference}`}</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
