import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { adminDates } from '@/lib/dates/admin-dates';
import { BREACH_NOTIFY_HOURS, breachStepText, breachWithSteps, type BreachMark } from '@/lib/privacy/breaches';
import { ActionForm } from '../../_components/action-form';
import { Card, Dl, Field, inputClass, PageTitle } from '../../_components/ui';
import { addBreachStepAction, markBreachAction } from '../actions';
import { BreachClock } from '../clock';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.breaches'))('one') };
}

/** One breach: the facts, the regulator's clock, who was told, and the log of steps (appended, never edited). */
export default async function BreachPage({ params }: { params: Promise<{ id: string }> }) {
  const { db } = await adminPage('breaches');
  const { id } = await params;
  const [t, locale, b] = await Promise.all([getTranslations('admin.breaches'), getLocale(), breachWithSteps(db, id)]);
  if (!b) notFound();
  const when = adminDates(locale).dateTime;
  const marks: { mark: BreachMark; done: Date | null }[] = [
    { mark: 'regulator', done: b.regulatorNotifiedAt },
    { mark: 'people', done: b.peopleNotifiedAt },
    { mark: 'closed', done: b.closedAt },
  ];
  return (
    <>
      <PageTitle actions={<Link href="/admin/breaches" className="text-sm underline">{t('back')}</Link>}>{t('one')}</PageTitle>
      <Card>
        <Dl
          rows={[
            [t('discovered'), when(b.discoveredAt)],
            [t('regulator'), <BreachClock key="clock" breach={b} when={when} />],
            [t('people'), b.peopleNotifiedAt ? t('peopleNotified', { date: when(b.peopleNotifiedAt) }) : t('notYet')],
            [t('state'), b.closedAt ? t('closedOn', { date: when(b.closedAt) }) : t('open')],
            [t('description'), <span key="d" className="whitespace-pre-line">{b.description}</span>],
            [t('dataAffected'), <span key="a" className="whitespace-pre-line">{b.dataAffected}</span>],
            [t('peopleAffected'), <span key="p" className="whitespace-pre-line">{b.peopleAffected}</span>],
            [t('recordedBy'), `${b.recordedBy} · ${when(b.createdAt)}`],
          ]}
        />
        <p className="mt-3 text-sm text-slate-700">{t('deadlineNote', { hours: BREACH_NOTIFY_HOURS })}</p>
      </Card>
      <Card title={t('steps')} className="mt-6">
        <ol className="space-y-2 text-sm" aria-label={t('steps')}>
          {b.steps.map((s) => (
            <li key={s.id} className="border-l-2 border-slate-300 pl-3">
              <span className="text-slate-600">{`${when(s.createdAt)} · ${s.by}`}</span>
              <span className="block whitespace-pre-line">{breachStepText(s, t)}</span>
            </li>
          ))}
        </ol>
        <ActionForm action={addBreachStepAction} submit={t('addStep')} success={t('stepAdded')} resetOnSuccess className="mt-4">
          <input type="hidden" name="id" value={b.id} />
          <Field label={t('stepText')}>
            <textarea name="text" required rows={3} maxLength={4000} className={inputClass} />
          </Field>
        </ActionForm>
      </Card>
      <Card title={t('marks')} className="mt-6">
        <div className="grid gap-4 md:grid-cols-3">
          {marks.map(({ mark, done }) =>
            done ? (
              <p key={mark} className="text-sm">{t(`done.${mark}`, { date: when(done) })}</p>
            ) : (
              <ActionForm key={mark} action={markBreachAction} submit={t(`mark.${mark}`)} success={t('marked')}>
                <input type="hidden" name="id" value={b.id} />
                <input type="hidden" name="mark" value={mark} />
                <Field label={t('markNote')}>
                  <input name="note" maxLength={2000} className={inputClass} />
                </Field>
              </ActionForm>
            ),
          )}
        </div>
      </Card>
    </>
  );
}
