import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { EXPORT_KINDS } from '@/lib/admin/export';
import { Card, Field, inputClass, PageTitle } from '../_components/ui';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.csv'))('title') };
}

/** CSV files for the accountant, for any range of Bangkok dates. */
export default async function ExportsPage() {
  await adminPage('exports');
  const t = await getTranslations('admin.csv');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {EXPORT_KINDS.map((kind) => (
          <Card key={kind} title={t(`kinds.${kind}`)}>
            <form method="get" action={`/admin/exports/${kind}`} className="flex flex-wrap items-end gap-3">
              <Field label={t('from')}><input type="date" name="from" className={inputClass} /></Field>
              <Field label={t('to')}><input type="date" name="to" className={inputClass} /></Field>
              <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white">{t('download')}</button>
            </form>
          </Card>
        ))}
      </div>
    </>
  );
}
