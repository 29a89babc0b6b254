import { getTranslations } from 'next-intl/server';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { uploadProofAction } from '@/app/[locale]/my-booking/actions';
import { uploadTexts } from '@/lib/uploads/messages';
import { DOCUMENT_ACCEPT, MAX_UPLOAD_MB } from '@/lib/uploads/limits';
import { portalFormat, portalInput, type PortalSectionProps } from './context';
import { BookingRef } from './booking-ref';

/** Payment slips sent from the portal, their verdicts, and the upload while one is still useful. */
export async function ProofSection(props: PortalSectionProps) {
  const { view, locale } = props;
  if (!view.proof.show) return null;
  const t = await getTranslations('portal');
  const { dateTime } = portalFormat(locale);
  return (
    <section className="rounded-2xl border border-gray-200 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{t('proof.title')}</h2>
      <ul className="mt-2 text-sm">
        {view.booking.proofs.map((p) => (
          <li key={p.id}>
            {`${p.fileName} · ${t(`proof.statuses.${p.status}`)} · ${dateTime(p.uploadedAt)}`}
            {p.status === 'rejected' && p.note ? <span className="block text-red-800">{p.note}</span> : null}
          </li>
        ))}
      </ul>
      {view.proof.canUpload ? <ProofUploadForm {...props} /> : null}
    </section>
  );
}

export async function ProofUploadForm({ view, locale, token }: PortalSectionProps) {
  const t = await getTranslations('portal');
  return (
    <div className="mt-4">
      <PortalForm action={uploadProofAction} submit={t('proof.upload')} working={t('working')} success={t('proof.uploaded')} resetOnSuccess uploads={uploadTexts(locale)}>
        <BookingRef reference={view.booking.reference} token={token} />
        <label className="block text-sm font-medium text-gray-900">
          {t('proof.file')}
          <input name="file" type="file" required accept={DOCUMENT_ACCEPT} className={portalInput} />
          <span className="mt-1 block text-xs text-gray-600">{t('proof.hint', { max: MAX_UPLOAD_MB })}</span>
        </label>
      </PortalForm>
    </div>
  );
}
