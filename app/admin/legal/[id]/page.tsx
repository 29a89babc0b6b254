import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { languageName } from '@/lib/admin/labels';
import { sanitizeLegalHtml } from '@/lib/legal/sanitize';
import { fillAgreementVariables } from '@/lib/legal/agreement-variables';
import { ActionForm } from '../../_components/action-form';
import { Badge, Card, PageTitle } from '../../_components/ui';
import { activateLegalAction } from '../actions';
import { legalDocumentForAdmin } from '@/lib/admin/section-reads';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.legal'))('preview') };
}

/** A version exactly as customers would see it: through the same sanitizer as the public pages. */
export default async function LegalPreviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { db } = await adminPage('legal');
  const { id } = await params;
  const doc = await legalDocumentForAdmin(db, id);
  if (!doc) notFound();
  const [t, tlang] = await Promise.all([getTranslations('admin.legal'), getTranslations('languageSwitcher')]);
  const clean = sanitizeLegalHtml(doc.content);
  const html = clean && doc.supportsVariables ? fillAgreementVariables(clean, {}) : clean;
  return (
    <>
      <PageTitle actions={<Link href={`/admin/legal?from=${doc.id}`} className="text-sm text-brand-800 underline">{t('editAsNew')}</Link>}>
        {`${t(`types.${doc.type}`)} · ${languageName(tlang, doc.locale)} · v${doc.version}`} {doc.isActive ? <Badge tone="green">{t('active')}</Badge> : <Badge>{t('inactive')}</Badge>}
      </PageTitle>
      {!doc.isActive ? (
        <Card className="mb-6">
          <ActionForm action={activateLegalAction} submit={t('activate')} success={t('activated')} confirm={t('activateConfirm')}>
            <input type="hidden" name="id" value={doc.id} />
          </ActionForm>
        </Card>
      ) : null}
      <Card title={doc.title}>
        {html ? <div className="prose max-w-none text-sm" dangerouslySetInnerHTML={{ __html: html }} /> : <p role="alert" className="text-sm text-red-800">{t('emptyAfterSanitize')}</p>}
      </Card>
    </>
  );
}
