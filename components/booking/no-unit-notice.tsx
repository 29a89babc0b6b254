import { getLocale, getTranslations } from 'next-intl/server';
import { formatTHB } from '@/lib/format/money';
import { NO_UNIT_DECISION_HOURS, REFUND_ARRIVAL_DAYS, type NoUnitRefund } from '@/lib/booking/no-unit';

/**
 * The truth for a customer who paid when no unit of their type was left (docs/product-rules.md#inventory, "Paid, but
 * no unit"): the booking is not confirmed, and the money comes back (automatically) or staff give a unit or a refund
 * within NO_UNIT_DECISION_HOURS. The success pages and the portal show it instead of "confirmed"; the email says the same.
 */
export async function NoUnitNotice({ refund, amountSatang, unitType }: { refund: NoUnitRefund; amountSatang: number; unitType: string }) {
  const t = await getTranslations('noUnitNotice');
  const amount = formatTHB(amountSatang, await getLocale());
  return (
    <div role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 [overflow-wrap:anywhere]">
      <h3 className="font-semibold">{t('title')}</h3>
      <p className="mt-1 text-sm">{t('body', { amount, unitType })}</p>
      <p className="mt-1 text-sm">{refund === 'automatic' ? t('automatic', { amount, days: REFUND_ARRIVAL_DAYS }) : t('staff', { amount, unitType, hours: NO_UNIT_DECISION_HOURS })}</p>
    </div>
  );
}
