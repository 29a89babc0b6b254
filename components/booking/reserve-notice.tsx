import { getLocale, getTranslations } from 'next-intl/server';
import { formatTHB } from '@/lib/format/money';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import { REFUND_ARRIVAL_DAYS, type OnReserve } from '@/lib/booking/no-unit';

/**
 * The truth for a booking accepted on the reserve (docs/product-rules.md#inventory, "Booked on the reserve"): no unit
 * is held for it yet, and what happens when its payment comes (a unit if one is still free; otherwise a refund by
 * itself for card and PromptPay, staff returning a transfer, nothing taken at the counter). The success pages show it
 * instead of "your unit is held"; the booking confirmation email says the same words.
 */
export async function ReserveNotice({ kind, amountSatang, unitType, until }: { kind: OnReserve; amountSatang: number; unitType: string; until: Date | null }) {
  const t = await getTranslations('reserveNotice');
  const locale = await getLocale();
  const amount = formatTHB(amountSatang, locale);
  return (
    <div role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 [overflow-wrap:anywhere]">
      <h3 className="font-semibold">{t('title')}</h3>
      <p className="mt-1 text-sm">{t('body', { unitType })}</p>
      <p className="mt-1 text-sm">{t(kind, { amount, unitType, days: REFUND_ARRIVAL_DAYS })}</p>
      {until ? <p className="mt-1 text-sm">{t('until', { time: formatBangkokDateTime(until, locale) })}</p> : null}
    </div>
  );
}
