import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { maskableDocument } from '@/lib/identity/masking';
import { Card, PageTitle } from '../../../_components/ui';
import { maskIdentityAction } from '../../actions';
import { MaskEditor } from './mask-editor';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('moveIn.admin'))('maskTitle') };
}

/**
 * Masking one identity document before it is verified (docs/product-rules.md#personal-data-pdpa). The picture comes
 * through /admin/identity/[id], so opening this screen is an `identity.view` audit row like any other view.
 */
export default async function MaskPage({ params }: { params: Promise<{ id: string }> }) {
  const { db } = await adminPage('identity');
  const { id } = await params;
  const [t, doc] = await Promise.all([getTranslations('moveIn'), maskableDocument(db, id)]);
  if (!doc) notFound();
  return (
    <>
      <PageTitle actions={<Link href={`/admin/booking-review/${doc.bookingId}#identity`} className="text-sm underline">{t('admin.maskBack')}</Link>}>
        {t('admin.maskTitle')}
      </PageTitle>
      <Card title={`${t(`kinds.${doc.kind}`)} · ${doc.fileName}`}>
        <p className="mb-3 max-w-3xl text-sm text-slate-700">{t('admin.maskIntro')}</p>
        <MaskEditor
          documentId={doc.id}
          src={`/admin/identity/${doc.id}`}
          alt={t('admin.maskImage', { name: doc.fileName })}
          action={maskIdentityAction}
          texts={{
            undo: t('admin.maskUndo'),
            clear: t('admin.maskClear'),
            apply: t('admin.maskApply'),
            confirm: t('admin.maskConfirm'),
            count: t('admin.maskCount', { count: '#' }),
            none: t('admin.maskNone'),
          }}
        />
      </Card>
    </>
  );
}
