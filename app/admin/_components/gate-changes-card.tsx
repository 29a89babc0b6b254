import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import type { AdminScope } from '@/lib/admin/guard';
import { gateChangesForStaff, gateConfigFromEnv } from '@/lib/gate/push';
import { markGateDoneAction } from '../booking-review/access-actions';
import { ActionForm } from './action-form';
import { Card, Table, Td } from './ui';
import { adminDates } from '@/lib/dates/admin-dates';

/**
 * Gate access changes waiting for a person (docs/product-rules.md#identity-and-gate-access): every change while no gate
 * controller is configured, else the ones it kept refusing. Staff key them in at the gate and mark them done.
 */
export async function GateChangesCard({ db }: { db: AdminScope['db'] }) {
  const [tm, locale, changes] = await Promise.all([getTranslations('moveIn.admin'), getLocale(), gateChangesForStaff(db)]);
  const manual = !gateConfigFromEnv();
  if (!manual && changes.length === 0) return null;
  const when = adminDates(locale).dateTime;
  return (
    <Card title={tm('gateTitle')} className="mb-6">
      <p className="mb-3 text-sm text-slate-700">{manual ? tm('gateIntro') : tm('gateIntroFailed')}</p>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-600">{tm('gateNone')}</p>
      ) : (
        <Table head={[tm('gateColumns.when'), tm('gateColumns.action'), tm('gateColumns.unit'), tm('gateColumns.booking'), '']}>
          {changes.map((c) => (
            <tr key={c.id}>
              <Td>{when(c.createdAt)}</Td>
              <Td className="font-semibold">{tm(`actions.${c.action as 'grant'}`)}</Td>
              <Td>{c.unitNumber ?? '—'}</Td>
              <Td>
                <Link href={`/admin/booking-review/${c.booking.id}`} className="font-mono text-brand-800 underline">
                  {c.booking.reference}
                </Link>{' '}
                {`${c.booking.customer.firstName} ${c.booking.customer.lastName}`}
              </Td>
              <Td>
                <ActionForm action={markGateDoneAction} submit={tm('gateDone')} success={tm('gateMarked')}>
                  <input type="hidden" name="changeId" value={c.id} />
                </ActionForm>
              </Td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
