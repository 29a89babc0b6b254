import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireStaffPage } from '@/lib/auth/staff';
import { db } from '@/lib/db';
import { pickLocalized } from '@/lib/i18n/localized';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle, statusTone, Table, Td } from '../_components/ui';
import { addUnitAction, setUnitStateAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.units'))('title') };
}

/** Physical units by type: add one, put one in maintenance or back in service, retire one for good. */
export default async function UnitsPage() {
  await requireStaffPage('staff');
  const [t, ts, locale] = await Promise.all([getTranslations('admin.units'), getTranslations('admin.dashboard'), getLocale()]);
  const types = await db.unitType.findMany({
    orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }],
    include: { units: { orderBy: { number: 'asc' }, include: { currentBooking: { select: { id: true, reference: true } } } } },
  });
  const stateButton = (unitId: string, state: 'available' | 'maintenance' | 'retired', label: string, danger = false) => (
    <ActionForm action={setUnitStateAction} submit={label} danger={danger} confirm={state === 'retired' ? t('retireConfirm') : undefined}>
      <input type="hidden" name="unitId" value={unitId} />
      <input type="hidden" name="state" value={state} />
    </ActionForm>
  );
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card title={t('add')}>
        <ActionForm action={addUnitAction} submit={t('addSubmit')} success={t('added')} resetOnSuccess>
          <div className="grid gap-3 md:grid-cols-2">
            <Field label={ts('type')}>
              <select name="unitTypeCode" className={inputClass}>
                {types.map((u) => (
                  <option key={u.code} value={u.code}>{pickLocalized<string>(u.name, locale) ?? u.code}</option>
                ))}
              </select>
            </Field>
            <Field label={t('number')} hint={t('numberHint')}>
              <input name="number" required pattern="[A-Za-z0-9-]{1,20}" className={inputClass} />
            </Field>
          </div>
        </ActionForm>
      </Card>
      {types.map((u) => (
        <Card key={u.id} title={pickLocalized<string>(u.name, locale) ?? u.code} className="mt-6">
          <Table head={[t('number'), t('state'), t('booking'), '']}>
            {u.units.map((unit) => (
              <tr key={unit.id} id={`unit-${unit.number}`}>
                <Td className="font-mono">{unit.number}</Td>
                <Td>{unit.retiredAt ? <Badge tone="red">{t('retired')}</Badge> : <Badge tone={statusTone(unit.status)}>{ts(unit.status === 'available' ? 'free' : unit.status)}</Badge>}</Td>
                <Td>
                  {unit.currentBooking ? (
                    <Link href={`/admin/booking-review/${unit.currentBooking.id}`} className="font-mono text-brand-800 underline">{unit.currentBooking.reference}</Link>
                  ) : '—'}
                </Td>
                <Td>
                  {!unit.currentBooking && unit.status !== 'reserved' && unit.status !== 'occupied' ? (
                    <div className="flex flex-wrap gap-2">
                      {unit.status !== 'available' || unit.retiredAt ? stateButton(unit.id, 'available', t('backInService')) : null}
                      {unit.status === 'available' ? stateButton(unit.id, 'maintenance', t('maintenance')) : null}
                      {!unit.retiredAt ? stateButton(unit.id, 'retired', t('retire'), true) : null}
                    </div>
                  ) : null}
                </Td>
              </tr>
            ))}
          </Table>
        </Card>
      ))}
    </>
  );
}
