import { RENT_NOTICE_DAYS } from '@/lib/billing/rent-changes';
import { getLocale, getTranslations } from 'next-intl/server';
import type { AdminScope } from '@/lib/admin/guard';
import { pendingRentChanges } from '@/lib/admin/section-reads';
import { toLocale } from '@/lib/i18n/translator';
import { formatTHB } from '@/lib/format/money';
import { adminDates } from '@/lib/dates/admin-dates';
import { affectedTenants } from '@/lib/billing/rent-changes';
import { ActionForm } from '../../_components/action-form';
import { Card, Table, Td } from '../../_components/ui';
import { scheduleRentChangesAction } from './actions';

/**
 * Who a list price moves (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): existing tenants keep
 * their own rate until staff confirm this list; then each is emailed the change with its date.
 */
export async function RentChangesCard({ code, db }: { code: string; db: AdminScope['db'] }) {
  const t = await getTranslations('rentTerms.admin');
  const locale = toLocale(await getLocale());
  const money = (s: number) => formatTHB(s, locale);
  const day = adminDates(locale).calendarDay;
  const { listRate, tenants } = await affectedTenants(db, code, new Date());
  const pending = await pendingRentChanges(db, code);
  return (
    <Card title={t('title')} className="mt-6">
      <p className="mb-3 text-sm text-slate-700">{t('intro', { rate: money(listRate), days: RENT_NOTICE_DAYS })}</p>
      {tenants.length ? (
        <>
          <Table head={[t('tenant'), t('booking'), t('unit'), t('oldRate'), t('newRate'), t('from')]}>
            {tenants.map((r) => (
              <tr key={r.bookingId}>
                <Td>{r.name}</Td>
                <Td className="font-mono">{r.reference}</Td>
                <Td>{r.unitNumber ?? '–'}</Td>
                <Td>{money(r.oldRate)}</Td>
                <Td className="font-semibold">{money(r.newRate)}</Td>
                <Td>{day(r.effectiveFrom)}</Td>
              </tr>
            ))}
          </Table>
          <ActionForm action={scheduleRentChangesAction} submit={t('confirm', { count: tenants.length })} success={t('scheduled')} confirm={t('confirmQuestion')} className="mt-4">
            <input type="hidden" name="code" value={code} />
            <input type="hidden" name="listRate" value={listRate} />
          </ActionForm>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('none')}</p>
      )}
      <h3 className="mt-6 mb-2 text-sm font-semibold">{t('pending')}</h3>
      <Table head={[t('booking'), t('oldRate'), t('newRate'), t('from')]} empty={pending.length ? null : <p className="px-3 py-2 text-sm text-slate-600">{t('noPending')}</p>}>
        {pending.map((c) => (
          <tr key={c.id}>
            <Td className="font-mono">{c.booking.reference}</Td>
            <Td>{money(c.oldRate)}</Td>
            <Td>{money(c.newRate)}</Td>
            <Td>{day(c.effectiveFrom.toISOString().slice(0, 10))}</Td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}
