import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { languageName } from '@/lib/admin/labels';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle, Table, Td } from '../_components/ui';
import { createLegalAction } from './actions';
import { legalDocumentForAdmin, legalDocumentsForAdmin } from '@/lib/admin/section-reads';
import { adminDates } from '@/lib/dates/admin-dates';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.legal'))('title') };
}

/** Every version of the rental agreement, terms and privacy policy per language; a new version starts inactive. */
export default async function LegalPage({ searchParams }: { searchParams: Promise<{ from?: string }> }) {
  const { db } = await adminPage('legal');
  const [t, tlang, locale] = await Promise.all([getTranslations('admin.legal'), getTranslations('languageSwitcher'), getLocale()]);
  const docs = await legalDocumentsForAdmin(db);
  const from = (await searchParams).from;
  const base = from ? await legalDocumentForAdmin(db, from) : null;
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card>
        <Table head={[t('type'), t('language'), t('version'), t('docTitle'), t('state'), t('created')]}>
          {docs.map((d) => (
            <tr key={d.id}>
              <Td>{t(`types.${d.type}`)}</Td>
              <Td>{languageName(tlang, d.locale)}</Td>
              <Td>
                <Link href={`/admin/legal/${d.id}`} className="text-brand-800 underline">{`v${d.version}`}</Link>
              </Td>
              <Td>{d.title}</Td>
              <Td>{d.isActive ? <Badge tone="green">{t('active')}</Badge> : <Badge>{t('inactive')}</Badge>}</Td>
              <Td>{adminDates(locale).day(d.createdAt)}</Td>
            </tr>
          ))}
        </Table>
      </Card>
      <Card title={base ? t('newFrom', { version: base.version }) : t('new')} className="mt-6">
        <ActionForm action={createLegalAction} submit={t('create')}>
          <div className="grid gap-3 md:grid-cols-3">
            <Field label={t('type')}>
              <select name="type" defaultValue={base?.type ?? 'rental_agreement'} className={inputClass}>
                {(['rental_agreement', 'terms_conditions', 'privacy_policy'] as const).map((ty) => (
                  <option key={ty} value={ty}>{t(`types.${ty}`)}</option>
                ))}
              </select>
            </Field>
            <Field label={t('language')}>
              <select name="locale" defaultValue={base?.locale ?? 'en'} className={inputClass}>
                <option value="en">English</option>
                <option value="th">ไทย</option>
                <option value="ru">Русский</option>
              </select>
            </Field>
            <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="supportsVariables" defaultChecked={base?.supportsVariables ?? false} /> {t('variables')}</label>
          </div>
          <Field label={t('docTitle')}><input name="title" required defaultValue={base?.title} className={inputClass} /></Field>
          <Field label={t('content')} hint={t('contentHint')}>
            <textarea name="content" required rows={16} defaultValue={base?.content} className={`${inputClass} font-mono`} />
          </Field>
        </ActionForm>
      </Card>
    </>
  );
}
