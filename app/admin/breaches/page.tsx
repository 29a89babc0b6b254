import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { adminDates } from '@/lib/dates/admin-dates';
import { BREACH_NOTIFY_HOURS, listBreaches } from '@/lib/privacy/breaches';
import { ActionForm } from '../_components/action-form';
import { Card, Field, inputClass, PageTitle, Table, Td } from '../_components/ui';
import { recordBreachAction } from './actions';
import { BreachClock } from './clock';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.breaches'))('title') };
}

/**
 * The breach register (docs/product-rules.md#personal-data-pdpa): record a suspected breach with its discovery time,
 * see each one's 72-hour deadline for the regulator and whether the regulator and the people were told.
 */
export default async function BreachesPage() {
  const { db } = await adminPage('breaches');
  const [t, locale] = await Promise.all([getTranslations('admin.breaches'), getLocale()]);
  const breaches = await listBreaches(db);
  const when = adminDates(locale).dateTime;
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('intro', { hours: BREACH_NOTIFY_HOURS })}</p>
      <Card title={t('register')}>
        <Table head={[t('discovered'), t('description'), t('regulator'), t('people'), t('state')]} empty={t('none')}>
          {breaches.map((b) => (
            <tr key={b.id}>
              <Td label={t('discovered')}>
                <Link href={`/admin/breaches/${b.id}`} className="text-brand-800 underline">{when(b.discoveredAt)}</Link>
              </Td>
              <Td label={t('description')}>{b.description.length > 120 ? `${b.description.slice(0, 120)}…` : b.description}</Td>
              <Td label={t('regulator')}><BreachClock breach={b} when={when} /></Td>
              <Td label={t('people')}>{b.peopleNotifiedAt ? t('peopleNotified', { date: when(b.peopleNotifiedAt) }) : t('notYet')}</Td>
              <Td label={t('state')}>{b.closedAt ? t('closedOn', { date: when(b.closedAt) }) : t('open')}</Td>
            </tr>
          ))}
        </Table>
      </Card>
      <Card title={t('record')} className="mt-6">
        <ActionForm action={recordBreachAction} submit={t('recordSubmit')}>
          <Field label={t('discoveredAt')} hint={t('discoveredHint', { hours: BREACH_NOTIFY_HOURS })}>
            <input name="discoveredAt" type="datetime-local" required className={inputClass} />
          </Field>
          <Field label={t('description')} hint={t('descriptionHint')}>
            <textarea name="description" required rows={4} maxLength={4000} className={inputClass} />
          </Field>
          <Field label={t('dataAffected')} hint={t('dataHint')}>
            <textarea name="dataAffected" required rows={2} maxLength={2000} className={inputClass} />
          </Field>
          <Field label={t('peopleAffected')} hint={t('peopleHint')}>
            <textarea name="peopleAffected" required rows={2} maxLength={2000} className={inputClass} />
          </Field>
        </ActionForm>
      </Card>
    </>
  );
}
