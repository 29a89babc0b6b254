import { getTranslations } from 'next-intl/server';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { uploadIdentityAction } from '@/app/[locale]/my-booking/actions';
import { IDENTITY_RETENTION_DAYS } from '@/lib/identity/documents';
import { uploadTexts } from '@/lib/uploads/messages';
import { DOCUMENT_ACCEPT, IMAGE_ACCEPT, MAX_UPLOAD_MB } from '@/lib/uploads/limits';
import { portalFormat, portalInput, type PortalSectionProps } from './context';
import { BookingRef } from './booking-ref';

/** The identity check (docs/product-rules.md#identity-and-gate-access): what was sent, the verdict, and the upload. */
export async function IdentitySection(props: PortalSectionProps) {
  const { view, locale } = props;
  if (!view.identity.show) return null;
  const [t, tm] = await Promise.all([getTranslations('portal'), getTranslations('moveIn')]);
  const { dateTime } = portalFormat(locale);
  const b = view.booking;
  const last = view.identity.lastDocument;
  return (
    <section className="rounded-2xl border border-gray-200 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{tm('portal.identity.title')}</h2>
      {b.identityVerifiedAt ? (
        <p className="mt-2 text-sm font-semibold text-green-800">{tm('portal.identity.verified')}</p>
      ) : last?.status === 'pending' ? (
        <p className="mt-2 text-sm">{tm('portal.identity.pending')}</p>
      ) : last?.status === 'rejected' ? (
        <p className="mt-2 text-sm text-red-800">{tm('portal.identity.rejected', { reason: last.note ?? '' })}</p>
      ) : null}
      {b.identityDocuments.length ? (
        <ul className="mt-2 text-sm">
          {b.identityDocuments.map((d) => (
            <li key={d.id}>{`${tm(`kinds.${d.kind}`)} · ${t(`proof.statuses.${d.status}`)} · ${dateTime(d.uploadedAt)}`}</li>
          ))}
        </ul>
      ) : null}
      {view.identity.canUpload ? <IdentityUploadForm {...props} /> : null}
    </section>
  );
}

export async function IdentityUploadForm({ view, locale, token }: PortalSectionProps) {
  const [t, tm] = await Promise.all([getTranslations('portal'), getTranslations('moveIn')]);
  const business = view.booking.customer.type === 'business';
  const kinds = view.identity.kinds;
  return (
    <div className="mt-4">
      <p className="mb-3 text-sm text-gray-700">{tm(business ? 'portal.identity.introBusiness' : 'portal.identity.intro', { days: IDENTITY_RETENTION_DAYS })}</p>
      {business ? null : <p className="mb-3 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">{tm('portal.identity.coverSensitive')}</p>}
      <PortalForm action={uploadIdentityAction} submit={tm('portal.identity.upload')} working={t('working')} success={tm('portal.identity.uploaded')} resetOnSuccess uploads={uploadTexts(locale)}>
        <BookingRef reference={view.booking.reference} token={token} />
        {kinds.length > 1 ? (
          <label className="block text-sm font-medium text-gray-900">
            {tm('portal.identity.kind')}
            <select name="kind" required className={portalInput} defaultValue={kinds[0]}>
              {kinds.map((k) => (
                <option key={k} value={k}>{tm(`kinds.${k}`)}</option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="kind" value={kinds[0]} />
        )}
        <label className="block text-sm font-medium text-gray-900">
          {tm('portal.identity.file')}
          <input name="document" type="file" required accept={DOCUMENT_ACCEPT} className={portalInput} />
          <span className="mt-1 block text-xs text-gray-600">{tm('portal.identity.hint', { max: MAX_UPLOAD_MB })}</span>
        </label>
        <label className="block text-sm font-medium text-gray-900">
          {tm('portal.identity.selfie')}
          <input name="selfie" type="file" accept={IMAGE_ACCEPT} className={portalInput} />
        </label>
      </PortalForm>
    </div>
  );
}
