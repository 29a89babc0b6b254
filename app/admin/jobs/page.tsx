import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { CATCH_UP_DAYS, jobsOverview, taskOverview } from '@/lib/jobs/admin';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle, Table, Td } from '../_components/ui';
import { catchUpJobAction, retryTaskAction, runJobAction } from './actions';
import { adminDates } from '@/lib/dates/admin-dates';
import { labelOf } from '@/lib/admin/labels';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.jobs'))('title') };
}

/** Every scheduled job: its schedule, its last run (result or error), its next run, and buttons to run it (admins). */
export default async function JobsPage() {
  const { db } = await adminPage('jobs');
  const [t, locale] = await Promise.all([getTranslations('admin.jobs'), getLocale()]);
  const [jobs, tasks] = await Promise.all([jobsOverview(db), taskOverview(db)]);
  const when = adminDates(locale).dateTime;
  const failing = jobs.filter((j) => j.failing).length;
  const today = todayInBangkok();
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('intro')}</p>
      {failing > 0 && (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('failingAlert', { count: failing })}
        </p>
      )}
      <Card>
        <Table head={[t('job'), t('schedule'), t('lastRun'), t('result'), t('nextRun'), t('actions')]}>
          {jobs.map((j) => (
            <tr key={j.job} data-job={j.job}>
              <Td>
                <span className="font-semibold">{t(`names.${j.job}`)}</span>
                <span className="block font-mono text-xs text-slate-500">{j.job}</span>
              </Td>
              <Td>
                {t(`schedules.${j.job}`)}
                <span className="block font-mono text-xs text-slate-500">{j.schedule}</span>
              </Td>
              <Td>
                {j.last ? (
                  <>
                    <Badge tone={j.last.status === 'succeeded' ? 'green' : j.last.status === 'failed' ? 'red' : 'amber'}>{t(`status.${j.last.status as 'running'}`)}</Badge>
                    <span className="block text-xs">{t('started', { time: when(j.last.startedAt), trigger: t(`trigger.${j.last.trigger as 'manual'}`) })}</span>
                    {j.last.durationMs != null && <span className="block text-xs">{t('duration', { seconds: (j.last.durationMs / 1000).toFixed(1) })}</span>}
                    {Math.abs(j.last.asOf.getTime() - j.last.startedAt.getTime()) > 120_000 && <span className="block text-xs">{t('asOf', { time: when(j.last.asOf) })}</span>}
                  </>
                ) : (
                  t('never')
                )}
              </Td>
              <Td>
                {j.last?.error && <p className="max-w-xs break-words text-xs text-red-800">{j.last.error}</p>}
                {j.last?.nextAttemptAt && <p className="text-xs">{t('retryAt', { attempt: j.last.attempts + 1, time: when(j.last.nextAttemptAt) })}</p>}
                {j.last?.result != null && (
                  <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs">
                    {Object.entries(j.last.result as Record<string, unknown>).map(([k, v]) => (
                      <div key={k} className="contents">
                        <dt>{labelOf(t, `counters.${k}`, k)}</dt>
                        <dd>{v === 'not_configured' ? t('notConfigured') : String(v)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </Td>
              <Td>{j.nextRun ? when(j.nextRun) : '–'}</Td>
              <Td>
                <ActionForm action={runJobAction} submit={t('runNow')} success={t('ran')}>
                  <input type="hidden" name="job" value={j.job} />
                </ActionForm>
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm text-brand-800">{t('catchUp')}</summary>
                  <ActionForm action={catchUpJobAction} submit={t('catchUpRun')} success={t('ran')} className="mt-2">
                    <input type="hidden" name="job" value={j.job} />
                    <Field label={t('catchUpDate')} name="date" hint={t('catchUpHint', { days: CATCH_UP_DAYS })}>
                      <input type="date" name="date" max={today} required className={inputClass} />
                    </Field>
                  </ActionForm>
                </details>
              </Td>
            </tr>
          ))}
        </Table>
      </Card>
      <section aria-labelledby="tasks-title" className="mt-8">
        <h2 id="tasks-title" className="text-lg font-semibold">
          {t('tasks.title')}
        </h2>
        <p className="mb-2 max-w-3xl text-sm text-slate-700">{t('tasks.intro')}</p>
        <p className="mb-4 text-sm">
          {t('tasks.waiting', { count: tasks.waiting })} · {t('tasks.running', { count: tasks.running })}
        </p>
        <h3 className="font-semibold">{t('tasks.deadTitle', { count: tasks.deadCount })}</h3>
        {tasks.dead.length === 0 ? (
          <p className="text-sm text-slate-700">{t('tasks.noDead')}</p>
        ) : (
          <Card>
            <Table head={[t('tasks.type'), t('tasks.attempts'), t('tasks.lastError'), t('tasks.created'), t('tasks.gaveUp'), t('actions')]}>
              {tasks.dead.map((task) => (
                <tr key={task.id} data-task={task.id}>
                  <Td>
                    <span className="font-semibold">{labelOf(t, `tasks.types.${task.type.replace(/[.-]/g, "_")}`, task.type)}</span>
                    <span className="block font-mono text-xs text-slate-500">{task.type}</span>
                  </Td>
                  <Td>{task.attempts}</Td>
                  <Td>
                    <p className="max-w-xs break-words text-xs text-red-800">{task.lastError}</p>
                  </Td>
                  <Td>{when(task.createdAt)}</Td>
                  <Td>{task.finishedAt ? when(task.finishedAt) : '–'}</Td>
                  <Td>
                    <ActionForm action={retryTaskAction} submit={t('tasks.retry')} success={t('tasks.retried')}>
                      <input type="hidden" name="id" value={task.id} />
                    </ActionForm>
                  </Td>
                </tr>
              ))}
            </Table>
          </Card>
        )}
      </section>
    </>
  );
}
