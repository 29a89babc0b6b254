import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle } from '../_components/ui';
import { createStaffAction, updateStaffAction } from './actions';
import { staffAccountsForAdmin } from '@/lib/admin/section-reads';
import { adminDates } from '@/lib/dates/admin-dates';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.staff'))('title') };
}

/** Who may sign in, with which role; deactivating, a new role or a new password ends that person's sessions. */
export default async function StaffUsersPage() {
  const { user: me, db } = await adminPage('staff');
  const [t, tr, locale] = await Promise.all([getTranslations('admin.staff'), getTranslations('admin.roles'), getLocale()]);
  const users = await staffAccountsForAdmin(db);
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card title={t('new')}>
        <ActionForm action={createStaffAction} submit={t('create')} success={t('created')} resetOnSuccess>
          <div className="grid gap-3 md:grid-cols-4">
            <Field label={t('email')}><input name="email" type="email" required className={inputClass} /></Field>
            <Field label={t('name')}><input name="name" className={inputClass} /></Field>
            <Field label={t('role')}>
              <select name="role" defaultValue="staff" className={inputClass}>
                <option value="staff">{tr('staff')}</option>
                <option value="admin">{tr('admin')}</option>
              </select>
            </Field>
            <Field label={t('password')} hint={t('passwordHint')}><input name="password" type="password" autoComplete="new-password" minLength={10} required className={inputClass} /></Field>
          </div>
        </ActionForm>
      </Card>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        {users.map((u) => (
          <Card key={u.id} title={`${u.email}${u.id === me.id ? ` (${t('you')})` : ''}`}>
            <p className="mb-2 text-sm text-slate-700">
              {u.name ?? '—'} · {u.isActive ? <Badge tone="green">{t('active')}</Badge> : <Badge tone="red">{t('inactive')}</Badge>} ·{' '}
              {u.totpEnabledAt ? t('twoFactorOn') : t('twoFactorOff')} · {t('lastSignIn')}: {adminDates(locale).dateTime(u.lastSignInAt)}
            </p>
            <ActionForm action={updateStaffAction} submit={t('save')}>
              <input type="hidden" name="userId" value={u.id} />
              <div className="grid gap-3 md:grid-cols-2">
                <Field label={t('role')}>
                  <select name="role" defaultValue={u.role} className={inputClass}>
                    <option value="staff">{tr('staff')}</option>
                    <option value="admin">{tr('admin')}</option>
                  </select>
                </Field>
                <Field label={t('newPassword')}><input name="newPassword" type="password" autoComplete="new-password" minLength={10} className={inputClass} /></Field>
                <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="isActive" defaultChecked={u.isActive} /> {t('active')}</label>
                <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="resetTwoFactor" /> {t('resetTwoFactor')}</label>
              </div>
            </ActionForm>
          </Card>
        ))}
      </div>
    </>
  );
}
