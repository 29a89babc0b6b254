import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireStaffPage } from '@/lib/auth/staff';
import { db } from '@/lib/db';
import { pickLocalized } from '@/lib/i18n/localized';
import { ActionForm } from '../_components/action-form';
import { Card, PageTitle, Table, Td } from '../_components/ui';
import { notifyWaitingAction, removeWaitingAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.waitingList'))('title') };
}

/** Who waits for which unit type, and a button to tell them when a unit of it is free. */
export default async function WaitingListPage() {
  await requireStaffPage('staff');
  const [t, locale] = await Promise.all([getTranslations('admin.waitingList'), getLocale()]);
  const types = await db.unitType.findMany({
    where: { waitingList: { some: {} } },
    orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }],
    include: {
      waitingList: { orderBy: { createdAt: 'asc' } },
      _count: { select: { units: { where: { status: 'available', currentBookingId: null, retiredAt: null } } } },
    },
  });
  const when = (d: Date | null) => (d ? d.toLocaleString(locale, { timeZone: 'Asia/Bangkok' }) : '—');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      {types.length === 0 ? <p className="text-sm text-slate-600">{t('empty')}</p> : null}
      {types.map((u) => (
        <Card key={u.id} title={`${pickLocalized<string>(u.name, locale) ?? u.code} · ${t('counts', { waiting: u.waitingList.length, free: u._count.units })}`} className="mb-6">
          {u._count.units > 0 ? (
            <ActionForm action={notifyWaitingAction} submit={t('notify')} success={t('notified')}>
              <input type="hidden" name="unitTypeId" value={u.id} />
            </ActionForm>
          ) : (
            <p className="text-sm text-slate-600">{t('noneFree')}</p>
          )}
          <div className="mt-4">
            <Table head={[t('name'), t('email'), t('phone'), t('joined'), t('notifiedAt'), '']}>
              {u.waitingList.map((w) => (
                <tr key={w.id}>
                  <Td>{w.name}</Td>
                  <Td>{w.email}</Td>
                  <Td>{w.phone ?? '—'}</Td>
                  <Td>{when(w.createdAt)}</Td>
                  <Td>{when(w.notifiedAt)}</Td>
                  <Td>
                    <ActionForm action={removeWaitingAction} submit={t('remove')} danger confirm={t('removeConfirm')}>
                      <input type="hidden" name="id" value={w.id} />
                    </ActionForm>
                  </Td>
                </tr>
              ))}
            </Table>
          </div>
        </Card>
      ))}
    </>
  );
}
