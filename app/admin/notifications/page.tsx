import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { alertCounts } from '@/lib/staff-alerts';
import { ALERT_HREF, receives, STAFF_ALERT_KINDS } from '@/lib/staff-alerts/kinds';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle } from '../_components/ui';
import { saveAlertPreferencesAction } from './actions';
import { ownAlertChoices } from '@/lib/admin/section-reads';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staffAlerts.page'))('title') };
}

/** What needs attention now, and the signed-in member's choice of alert emails (docs/product-rules.md#staff-alerts). */
export default async function NotificationsPage() {
  const { user: staff, db } = await adminPage('notifications');
  const [t, user, { counts }] = await Promise.all([getTranslations('staffAlerts'), ownAlertChoices(db, staff.id), alertCounts(db)]);
  return (
    <>
      <PageTitle>{t('page.title')}</PageTitle>
      <p className="mb-4 text-sm text-slate-700">{t('page.intro')}</p>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('page.now')}>
          <ul className="divide-y divide-slate-100 text-sm">
            {(Object.keys(ALERT_HREF) as (keyof typeof ALERT_HREF)[]).map((k) => (
              <li key={k} className="flex items-center justify-between gap-3 py-2">
                <span>
                  {t(`kinds.${k}`)} <Badge tone={counts[k] ? 'red' : 'gray'}>{counts[k]}</Badge>
                </span>
                <Link href={ALERT_HREF[k]} className="text-brand-800 underline">
                  {t('page.open')}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('page.settings')}>
          <ActionForm action={saveAlertPreferencesAction} submit={t('page.save')} success={t('page.saved')}>
            {STAFF_ALERT_KINDS.map((k) => (
              <label key={k} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name={k} defaultChecked={receives(user.alertsOff, k)} className="mt-1" />
                <span>
                  <span className="font-medium">{t(`kinds.${k}`)}</span>
                  <span className="block text-slate-600">{t(`hints.${k}`)}</span>
                </span>
              </label>
            ))}
            <Field label={t('page.language')}>
              <select name="locale" defaultValue={user.alertLocale === 'th' ? 'th' : 'en'} className={inputClass}>
                <option value="en">English</option>
                <option value="th">ไทย</option>
              </select>
            </Field>
          </ActionForm>
        </Card>
      </div>
    </>
  );
}
