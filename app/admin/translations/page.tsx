import type { Metadata } from 'next';
import { toLocale } from '@/lib/i18n/routing';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { languageName } from '@/lib/admin/labels';
import { shippedMessage } from '@/lib/content/content';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle, Table, Td } from '../_components/ui';
import { reviewOverrideAction, saveOverrideAction } from './actions';
import { translationOverridesForAdmin } from '@/lib/admin/section-reads';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.translations'))('title') };
}

/** Staff wording for any text of the site: saved as a draft, shown to customers once approved. */
export default async function TranslationsPage({ searchParams }: { searchParams: Promise<{ locale?: string; key?: string }> }) {
  const { db } = await adminPage('translations');
  const [t, tlang] = await Promise.all([getTranslations('admin.translations'), getTranslations('languageSwitcher')]);
  const q = await searchParams;
  const lookupLocale = toLocale(q.locale);
  const shipped = q.key ? shippedMessage(lookupLocale, q.key) : null;
  const rows = await translationOverridesForAdmin(db);
  const op = (id: string, value: 'approve' | 'withdraw' | 'delete', label: string, danger = false) => (
    <ActionForm action={reviewOverrideAction} submit={label} danger={danger}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="op" value={value} />
    </ActionForm>
  );
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card title={t('new')}>
        <form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
          <Field label={t('language')}>
            <select name="locale" defaultValue={lookupLocale} className={inputClass}>
              <option value="en">English</option>
              <option value="th">ไทย</option>
              <option value="ru">Русский</option>
            </select>
          </Field>
          <Field label={t('key')} hint={t('keyHint')}>
            <input name="key" defaultValue={q.key} className={`${inputClass} font-mono`} />
          </Field>
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-2">{t('lookup')}</button>
        </form>
        {q.key ? (
          shipped === null ? (
            <p role="alert" className="text-sm text-red-800">{t('unknownKey')}</p>
          ) : (
            <ActionForm action={saveOverrideAction} submit={t('saveDraft')} success={t('savedDraft')}>
              <input type="hidden" name="locale" value={lookupLocale} />
              <input type="hidden" name="key" value={q.key} />
              <p className="text-sm"><span className="text-slate-600">{t('shipped')}: </span>{shipped}</p>
              <Field label={t('value')}>
                <textarea name="value" required rows={3} defaultValue={shipped} className={inputClass} />
              </Field>
            </ActionForm>
          )
        ) : null}
      </Card>
      <Card className="mt-6">
        <Table head={[t('language'), t('key'), t('shipped'), t('value'), t('state'), '']}>
          {rows.map((r) => (
            <tr key={r.id}>
              <Td>{languageName(tlang, r.locale)}</Td>
              <Td className="font-mono text-xs">{r.key}</Td>
              <Td className="text-slate-600">{shippedMessage(r.locale, r.key) ?? '—'}</Td>
              <Td>{r.value}</Td>
              <Td>{r.reviewStatus === 'approved' ? <Badge tone="green">{t('approved')}</Badge> : <Badge tone="amber">{t('pending')}</Badge>}</Td>
              <Td>
                <div className="flex flex-wrap gap-2">
                  {r.reviewStatus === 'approved' ? op(r.id, 'withdraw', t('withdraw')) : op(r.id, 'approve', t('approve'))}
                  {op(r.id, 'delete', t('delete'), true)}
                </div>
              </Td>
            </tr>
          ))}
        </Table>
      </Card>
    </>
  );
}
