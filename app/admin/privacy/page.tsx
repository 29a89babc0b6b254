import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { adminDates } from '@/lib/dates/admin-dates';
import { correctableRecord, CORRECTABLE_FIELDS, listPrivacyRequests, PRIVACY_REQUEST_DAYS, PRIVACY_REQUEST_KINDS } from '@/lib/privacy/subject';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle, Table, Td } from '../_components/ui';
import { completeAction, correctAction, eraseAction, recordRequestAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.privacy'))('title') };
}

/**
 * Requests under the PDPA (docs/product-rules.md#personal-data-pdpa): record one, see its 30-day deadline, download the
 * person's data (JSON and summary), erase it keeping the tax records, and state the outcome.
 */
export default async function PrivacyPage() {
  const { db } = await adminPage('privacy');
  const [t, locale] = await Promise.all([getTranslations('admin.privacy'), getLocale()]);
  const requests = await listPrivacyRequests(db);
  // An open correction starts from the customer record as it is (the newest live one of the email).
  const records = new Map(
    await Promise.all(requests.filter((r) => r.status === 'open' && r.kind === 'correction').map(async (r) => [r.id, await correctableRecord(db, r.email)] as const)),
  );
  const when = adminDates(locale).dateTime;
  const now = new Date();
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('intro', { days: PRIVACY_REQUEST_DAYS })}</p>
      <Card title={t('record')}>
        <ActionForm action={recordRequestAction} submit={t('recordSubmit')} success={t('recorded')} resetOnSuccess>
          <Field label={t('email')} name="email">
            <input id="email" name="email" type="email" required maxLength={254} className={inputClass} />
          </Field>
          <Field label={t('kind')} name="kind">
            <select id="kind" name="kind" className={inputClass} defaultValue="export">
              {PRIVACY_REQUEST_KINDS.map((k) => (
                <option key={k} value={k}>{t(`kinds.${k}`)}</option>
              ))}
            </select>
          </Field>
        </ActionForm>
      </Card>
      <Card title={t('requests')} className="mt-6">
        <Table head={[t('email'), t('kind'), t('received'), t('due'), t('status'), t('actions')]} empty={t('none')}>
          {requests.map((r) => {
            const overdue = r.status === 'open' && r.dueAt < now;
            const q = `email=${encodeURIComponent(r.email)}`;
            return (
              <tr key={r.id}>
                <Td label={t('email')}>{r.email}</Td>
                <Td label={t('kind')}>
                  {`${t(`kinds.${r.kind as (typeof PRIVACY_REQUEST_KINDS)[number]}`)} · ${t(`sources.${r.source === 'portal' ? 'portal' : 'staff'}`)}`}
                  {r.details ? <span className="mt-1 block whitespace-pre-line text-slate-600">{r.details}</span> : null}
                </Td>
                <Td label={t('received')}>{when(r.receivedAt)}</Td>
                <Td label={t('due')}>{overdue ? <Badge tone="red">{`${t('overdue')} · ${when(r.dueAt)}`}</Badge> : when(r.dueAt)}</Td>
                <Td label={t('status')}>{r.status === 'open' ? <Badge tone="amber">{t('open')}</Badge> : <span>{`${t('completed')} ${r.completedAt ? when(r.completedAt) : ''} · ${r.outcome ?? ''}`}</span>}</Td>
                <Td label={t('actions')}>
                  <div className="flex flex-col gap-2">
                    <a className="underline" href={`/admin/privacy/export?${q}&format=json`}>{t('downloadJson')}</a>
                    <a className="underline" href={`/admin/privacy/export?${q}&format=txt`}>{t('downloadSummary')}</a>
                    {r.status === 'open' && r.kind === 'erasure' ? (
                      <ActionForm action={eraseAction} submit={t('erase')} confirm={t('eraseConfirm', { email: r.email })} success={t('erased')} danger>
                        <input type="hidden" name="id" value={r.id} />
                      </ActionForm>
                    ) : null}
                    {records.get(r.id) ? (
                      <ActionForm action={correctAction} submit={t('correct')} success={t('corrected')}>
                        <input type="hidden" name="id" value={r.id} />
                        {CORRECTABLE_FIELDS.map((f) => (
                          <Field key={f} label={t(`fields.${f}`)} name={`${f}-${r.id}`}>
                            <input id={`${f}-${r.id}`} name={f} defaultValue={records.get(r.id)?.[f] ?? ''} maxLength={f === 'address' ? 500 : 200} className={inputClass} />
                          </Field>
                        ))}
                        <Field label={t('outcome')} name={`correct-outcome-${r.id}`}>
                          <input id={`correct-outcome-${r.id}`} name="outcome" required maxLength={2000} className={inputClass} />
                        </Field>
                      </ActionForm>
                    ) : null}
                    {r.status === 'open' ? (
                      <ActionForm action={completeAction} submit={t('complete')} success={t('completedDone')}>
                        <input type="hidden" name="id" value={r.id} />
                        <Field label={t('outcome')} name={`outcome-${r.id}`}>
                          <input id={`outcome-${r.id}`} name="outcome" required maxLength={2000} className={inputClass} />
                        </Field>
                      </ActionForm>
                    ) : null}
                  </div>
                </Td>
              </tr>
            );
          })}
        </Table>
      </Card>
    </>
  );
}
