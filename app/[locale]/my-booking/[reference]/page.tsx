import { portalGate } from '@/lib/portal/gate';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { db } from '@/lib/db';
import { localizedPath, toLocale, type Locale } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatTHB } from '@/lib/format/money';
import { formatBangkokDateTime, formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { portalBookingId } from '@/lib/portal/access';
import { canGiveNotice, canUploadProof } from '@/lib/portal/booking-changes';
import { CUSTOMER_NOTICE_DAYS, noticeOutcome } from '@/lib/portal/notice';
import { invoiceLinks } from '@/lib/portal/links';
import { invoiceBalance } from '@/lib/invoices/balance';
import { arrearsBlockingAccess, rentalState } from '@/lib/billing/arrears';
import { PortalForm } from '../_components/portal-form';
import { TaxBranchFields } from '@/components/tax-branch/tax-branch-fields';
import { taxBranchChoice } from '@/lib/validation/tax-branch';
import { addConditionPhotoAction, giveNoticeAction, updateContactAction, uploadIdentityAction, uploadProofAction } from '../actions';
import { canAddPhotos, photoUrl } from '@/lib/condition/photos';
import { canUploadIdentity, documentKindsFor, IDENTITY_RETENTION_DAYS } from '@/lib/identity/documents';
import { viewGatePin } from '@/lib/gate/pin';
import { uploadTexts } from '@/lib/uploads/messages';
import { DOCUMENT_ACCEPT, IMAGE_ACCEPT, MAX_UPLOAD_MB } from '@/lib/uploads/limits';
import { RentPanel } from './rent-panel';
import { LinePanel } from './line-panel';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = toLocale(requested);
  const t = await getTranslations({ locale, namespace: 'portal' });
  return { title: t('booking.title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** A payment the customer sent that staff have still to check: a slip, or coins marked sent. */
const BEING_CHECKED: readonly string[] = ['proof_uploaded', 'crypto_payment_sent'];

const TERM_MONTHS: Record<string, number> = { m2m: 1, m3: 3, m6: 6, m12: 12 };
const input = 'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2';

/**
 * One booking in the customer portal, reached through the signed link in every email or from 'My Storage'. Without
 * either it is a 404 that says nothing about whether the reference exists.
 */
export default async function MyBookingPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale; reference: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale, reference } = await params;
  setRequestLocale(locale);
  await connection();
  const query = await searchParams;
  const raw = query.token;
  const token = typeof raw === 'string' ? raw : undefined;
  const id = await portalBookingId(db, reference, token);
  if (!id) notFound();

  const [t, tb, tl, tm, b] = await Promise.all([
    getTranslations('portal'),
    getTranslations('taxBranch'),
    getTranslations('lifecycle'),
    getTranslations('moveIn'),
    db.booking.findUniqueOrThrow({
      where: { id },
      include: {
        customer: true,
        unitType: { select: { name: true, code: true } },
        heldUnit: { select: { number: true } },
        identityDocuments: { orderBy: { uploadedAt: 'asc' }, select: { id: true, kind: true, status: true, note: true, uploadedAt: true } },
        conditionPhotos: { orderBy: { createdAt: 'asc' } },
        refunds: { where: { status: { not: 'failed' } }, select: { id: true, amountSatang: true, reason: true, photoIds: true } },
        invoices: { orderBy: { issuedAt: 'asc' }, include: { payments: { select: { status: true, amountSatang: true, refundedSatang: true } }, creditNotes: { select: { amountSatang: true } } } },
        payments: { orderBy: { createdAt: 'asc' } },
        proofs: { orderBy: { uploadedAt: 'asc' }, select: { id: true, fileName: true, status: true, uploadedAt: true, note: true } },
      },
    }),
  ]);
  const money = (s: number) => formatTHB(s, locale);
  // Calendar dates (start, move-out) are stored as dates; due dates are instants: their Bangkok day, not the UTC one.
  const date = (d: Date) => formatLongDate(d.toISOString().slice(0, 10), locale);
  const bangkokDay = (d: Date) => formatLongDate(todayInBangkok(d), locale);
  // Suspension (docs/product-rules.md#lifecycle): the PIN is hidden and the portal says why and how to restore access.
  const today = todayInBangkok();
  // What restores access includes every invoice that blocks it, the late fee too (docs/product-rules.md#the-rentals-state-and-what-restores-access).
  const { invoices: overdue, dueSatang: overdueSatang } = arrearsBlockingAccess(b.invoices, today);
  const state = rentalState(b, today);
  const suspended = b.delinquency !== 'current';
  const gate = portalGate(b);
  const uploads = uploadTexts(locale);
  const dateTime = (d: Date) => formatBangkokDateTime(d, locale);
  const confirmed = b.status === 'confirmed' || b.status === 'active';
  const hidden = (
    <>
      <input type="hidden" name="reference" value={b.reference} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
    </>
  );
  const notice = canGiveNotice(b) ? noticeOutcome(b.startDate.toISOString().slice(0, 10), Math.max(b.months, b.paidThroughMonths ?? 0), todayInBangkok()) : null;
  const agreementHref = `${localizedPath(locale, `/my-booking/${b.reference}/agreement`)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const c = b.customer;
  // The gate PIN (docs/product-rules.md#identity-and-gate-access): only on this rental's own page, hidden while access
  // is suspended; each showing is an audit row ("viewed"), so the page renders on every request.
  const pinShown = gate.kind === 'shown' ? await viewGatePin(db, b.id, { customer: true }) : null;
  const mainDocs = b.identityDocuments.filter((d) => d.kind !== 'selfie');
  const lastDoc = mainDocs.at(-1);
  const identityUpload = canUploadIdentity(b) && lastDoc?.status !== 'pending';
  const kinds = documentKindsFor(c.type);

  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-2xl font-bold text-brand-900">{t('booking.title')}</h1>
        <p className="mt-1 font-mono text-xl font-bold tracking-wider text-brand-800">{b.reference}</p>
      </header>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-gray-200 p-6 text-sm">
        <dt className="text-gray-600">{t('booking.status')}</dt>
        <dd className="font-semibold" data-testid="booking-status">{t(`statuses.${b.status}`)}</dd>
        {/* A rental shows its current state (current, overdue, suspended, notice given, ended), not the first payment's. */}
        {state ? (
          <>
            <dt className="text-gray-600">{t('booking.rental')}</dt>
            <dd className={`font-semibold ${state === 'overdue' || state === 'suspended' ? 'text-red-800' : ''}`} data-testid="rental-state">
              {t(`rentalStates.${state}`)}
            </dd>
          </>
        ) : (
          <>
            <dt className="text-gray-600">{t('booking.payment')}</dt>
            <dd className="font-semibold">{t(`paymentStatuses.${b.paymentStatus}`)}</dd>
          </>
        )}
        <dt className="text-gray-600">{t('booking.unitType')}</dt>
        <dd>{pickLocalized<string>(b.unitType.name, locale) ?? b.unitType.code.toUpperCase()}</dd>
        {confirmed && b.heldUnit ? (
          <>
            <dt className="text-gray-600">{t('booking.unitNumber')}</dt>
            <dd className="font-semibold">{b.heldUnit.number}</dd>
          </>
        ) : null}
        {gate.kind !== 'none' ? (
          <>
            <dt className="text-gray-600">{t('booking.gatePin')}</dt>
            {gate.kind === 'hidden' ? (
              <dd className="text-red-800">{tl('portal.pinHidden')}</dd>
            ) : pinShown ? (
              <dd className="font-mono font-semibold" data-testid="gate-pin">{pinShown}</dd>
            ) : (
              <dd className="text-gray-700">{tm(gate.kind === 'waiting' && gate.for === 'payment' ? 'portal.pin.waitingPayment' : 'portal.pin.waitingIdentity')}</dd>
            )}
          </>
        ) : null}
        <dt className="text-gray-600">{t('booking.startDate')}</dt>
        <dd>{date(b.startDate)}</dd>
        <dt className="text-gray-600">{t('booking.term')}</dt>
        <dd>{t('booking.months', { months: TERM_MONTHS[b.term] ?? b.months })}</dd>
        <dt className="text-gray-600">{t('booking.monthlyRate')}</dt>
        <dd>{money(b.monthlyRate)}</dd>
        <dt className="text-gray-600">{t('booking.method')}</dt>
        <dd>{t(`methods.${b.paymentMethod}`)}</dd>
        {b.moveOutDate ? (
          <>
            <dt className="text-gray-600">{t('booking.moveOutDate')}</dt>
            <dd className="font-semibold">{date(b.moveOutDate)}</dd>
          </>
        ) : null}
      </dl>

      {suspended ? (
        <section className="rounded-2xl border border-red-300 bg-red-50 p-6" role="alert">
          <h2 className="text-lg font-semibold text-red-900">{tl('portal.suspendedTitle')}</h2>
          <p className="mt-2 text-sm text-red-900">
            {b.delinquency === 'defaulted'
              ? tl('portal.defaulted')
              : tl(b.delinquency === 'overlocked' ? 'portal.overlocked' : 'portal.suspended', { date: overdue[0]?.dueAt ? bangkokDay(overdue[0].dueAt) : '', amount: money(overdueSatang) })}
          </p>
        </section>
      ) : null}

      {canUploadIdentity(b) || b.identityDocuments.length ? (
        <section className="rounded-2xl border border-gray-200 p-6">
          <h2 className="text-lg font-semibold text-gray-900">{tm('portal.identity.title')}</h2>
          {b.identityVerifiedAt ? (
            <p className="mt-2 text-sm font-semibold text-green-800">{tm('portal.identity.verified')}</p>
          ) : lastDoc?.status === 'pending' ? (
            <p className="mt-2 text-sm">{tm('portal.identity.pending')}</p>
          ) : lastDoc?.status === 'rejected' ? (
            <p className="mt-2 text-sm text-red-800">{tm('portal.identity.rejected', { reason: lastDoc.note ?? '' })}</p>
          ) : null}
          {b.identityDocuments.length ? (
            <ul className="mt-2 text-sm">
              {b.identityDocuments.map((d) => (
                <li key={d.id}>{`${tm(`kinds.${d.kind}`)} · ${t(`proof.statuses.${d.status}`)} · ${dateTime(d.uploadedAt)}`}</li>
              ))}
            </ul>
          ) : null}
          {identityUpload ? (
            <div className="mt-4">
              <p className="mb-3 text-sm text-gray-700">{tm(c.type === 'business' ? 'portal.identity.introBusiness' : 'portal.identity.intro', { days: IDENTITY_RETENTION_DAYS })}</p>
              {c.type === 'business' ? null : <p className="mb-3 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">{tm('portal.identity.coverSensitive')}</p>}
              <PortalForm action={uploadIdentityAction} submit={tm('portal.identity.upload')} working={t('working')} success={tm('portal.identity.uploaded')} resetOnSuccess uploads={uploads}>
                {hidden}
                {kinds.length > 1 ? (
                  <label className="block text-sm font-medium text-gray-900">
                    {tm('portal.identity.kind')}
                    <select name="kind" required className={input} defaultValue={kinds[0]}>
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
                  <input name="document" type="file" required accept={DOCUMENT_ACCEPT} className={input} />
                  <span className="mt-1 block text-xs text-gray-600">{tm('portal.identity.hint', { max: MAX_UPLOAD_MB })}</span>
                </label>
                <label className="block text-sm font-medium text-gray-900">
                  {tm('portal.identity.selfie')}
                  <input name="selfie" type="file" accept={IMAGE_ACCEPT} className={input} />
                </label>
              </PortalForm>
            </div>
          ) : null}
        </section>
      ) : null}

      <section className="rounded-2xl border border-gray-200 p-6">
        <h2 className="text-lg font-semibold text-gray-900">{t('invoices.title')}</h2>
        {b.invoices.length === 0 ? <p className="mt-2 text-sm text-gray-600">{t('invoices.none')}</p> : null}
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {b.invoices.map((i) => {
            const links = invoiceLinks(locale, b.reference, i);
            return (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-mono">{i.number}</span> · {money(i.totalSatang)} · {t(`invoices.statuses.${i.status}`)}
                  {i.status === 'open' && i.dueAt ? <span className="block text-xs text-gray-600">{t('invoices.due', { date: bangkokDay(i.dueAt) })}</span> : null}
                  {i.status === 'open' && invoiceBalance(i).paidSatang > 0 ? <span className="block text-xs text-gray-600">{tl('invoice.stillDue', { amount: money(invoiceBalance(i).dueSatang) })}</span> : null}
                </span>
                <span className="flex gap-3">
                  <a href={links.view} className="text-brand-800 underline">{t('invoices.view')}</a>
                  {/* A slip or coins sent and waiting for staff: no second "pay" beside it (docs/product-rules.md#buttons-say-what-happens). */}
                  {i.status === 'open' && i.payments.some((p) => BEING_CHECKED.includes(p.status)) ? (
                    <span className="font-medium text-amber-800" data-testid="payment-being-checked">{t('invoices.checking')}</span>
                  ) : i.status === 'open' ? (
                    <a href={links.pay} className="text-brand-800 underline">{t('invoices.pay')}</a>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
        {b.payments.some((p) => p.status === 'paid') ? (
          <>
            <h3 className="mt-4 font-semibold text-gray-900">{t('payments.title')}</h3>
            <ul className="mt-2 text-sm">
              {b.payments
                .filter((p) => p.status === 'paid' || p.status === 'refunded')
                .map((p) => (
                  <li key={p.id}>{`${t(`methods.${p.method}`)} · ${money(p.amountSatang)} · ${p.paidAt ? dateTime(p.paidAt) : ''}`}</li>
                ))}
            </ul>
          </>
        ) : null}
      </section>

      <RentPanel bookingId={b.id} locale={locale} token={token} cardUpdated={query.card === 'updated'} />
      <LinePanel bookingId={b.id} token={token} />

      {canAddPhotos(b.status, 'customer') || b.conditionPhotos.length ? (
        <section className="rounded-2xl border border-gray-200 p-6">
          <h2 className="text-lg font-semibold text-gray-900">{tm('portal.photos.title')}</h2>
          <p className="mt-1 text-sm text-gray-700">{tm('portal.photos.intro')}</p>
          {b.conditionPhotos.length === 0 ? <p className="mt-2 text-sm text-gray-600">{tm('portal.photos.none')}</p> : null}
          <ul className="mt-3 grid grid-cols-2 gap-3">
            {b.conditionPhotos.map((p, i) => (
              <li key={p.id} className="text-xs">
                {/* eslint-disable-next-line @next/next/no-img-element -- a private photo of this rental, not an optimisable public image */}
                <img src={photoUrl(p.id, { reference: b.reference, token })} alt={`#${i + 1} ${tm(`stages.${p.stage}`)}`} className="w-full rounded border" />
                <span className="block font-semibold">{`#${i + 1} · ${tm(`stages.${p.stage}`)} · ${dateTime(p.createdAt)}`}</span>
                {p.note ? <span className="block text-gray-700">{p.note}</span> : null}
              </li>
            ))}
          </ul>
          {b.refunds.filter((r) => r.photoIds.length).map((r) => (
            <p key={r.id} className="mt-2 text-sm">
              {`${r.reason} · ${money(r.amountSatang)} · `}
              {tm('admin.refundPhotos', { list: r.photoIds.map((pid) => `#${b.conditionPhotos.findIndex((p) => p.id === pid) + 1}`).join(', ') })}
            </p>
          ))}
          {canAddPhotos(b.status, 'customer') ? (
            <div className="mt-4">
              <PortalForm action={addConditionPhotoAction} submit={tm('portal.photos.add')} working={t('working')} success={tm('portal.photos.added')} resetOnSuccess uploads={uploads}>
                {hidden}
                <label className="block text-sm font-medium text-gray-900">
                  {tm('photoForm.stage')}
                  <select name="stage" defaultValue={b.noticeGivenAt ? 'move_out' : 'move_in'} className={input}>
                    <option value="move_in">{tm('stages.move_in')}</option>
                    <option value="move_out">{tm('stages.move_out')}</option>
                  </select>
                </label>
                <label className="block text-sm font-medium text-gray-900">
                  {tm('photoForm.file')}
                  <input name="photo" type="file" required accept={IMAGE_ACCEPT} className={input} />
                  <span className="mt-1 block text-xs text-gray-600">{tm('photoForm.hint', { max: MAX_UPLOAD_MB })}</span>
                </label>
                <label className="block text-sm font-medium text-gray-900">
                  {tm('photoForm.note')}
                  <input name="note" maxLength={500} className={input} />
                </label>
              </PortalForm>
            </div>
          ) : null}
        </section>
      ) : null}

      {canUploadProof(b) || b.proofs.length ? (
        <section className="rounded-2xl border border-gray-200 p-6">
          <h2 className="text-lg font-semibold text-gray-900">{t('proof.title')}</h2>
          <ul className="mt-2 text-sm">
            {b.proofs.map((p) => (
              <li key={p.id}>
                {`${p.fileName} · ${t(`proof.statuses.${p.status}`)} · ${dateTime(p.uploadedAt)}`}
                {p.status === 'rejected' && p.note ? <span className="block text-red-800">{p.note}</span> : null}
              </li>
            ))}
          </ul>
          {canUploadProof(b) ? (
            <div className="mt-4">
              <PortalForm action={uploadProofAction} submit={t('proof.upload')} working={t('working')} success={t('proof.uploaded')} resetOnSuccess uploads={uploads}>
                {hidden}
                <label className="block text-sm font-medium text-gray-900">
                  {t('proof.file')}
                  <input name="file" type="file" required accept={DOCUMENT_ACCEPT} className={input} />
                  <span className="mt-1 block text-xs text-gray-600">{t('proof.hint', { max: MAX_UPLOAD_MB })}</span>
                </label>
              </PortalForm>
            </div>
          ) : null}
        </section>
      ) : null}

      {notice || b.noticeGivenAt ? (
        <section className="rounded-2xl border border-gray-200 p-6">
          <h2 className="text-lg font-semibold text-gray-900">{t('notice.title')}</h2>
          {b.noticeGivenAt && b.moveOutDate ? (
            <>
              <p className="mt-2 text-sm" role="status">{t('notice.given', { date: date(b.moveOutDate) })}</p>
              <p className="mt-1 text-sm text-gray-700">{tl('portal.moveOut', { date: date(b.moveOutDate) })}</p>
            </>
          ) : notice ? (
            <>
              <p className="mt-2 text-sm text-gray-700">{t('notice.rule', { days: CUSTOMER_NOTICE_DAYS })}</p>
              <p className="mt-2 text-sm font-semibold">{t('notice.outcome', { date: formatLongDate(notice.moveOutDate, locale) })}</p>
              <div className="mt-3">
                <PortalForm action={giveNoticeAction} submit={t('notice.submit')} working={t('working')} confirm={t('notice.confirm', { date: formatLongDate(notice.moveOutDate, locale) })}>
                  {hidden}
                </PortalForm>
              </div>
            </>
          ) : null}
        </section>
      ) : null}

      <section className="rounded-2xl border border-gray-200 p-6">
        <h2 className="text-lg font-semibold text-gray-900">{t('contact.title')}</h2>
        <p className="mt-1 text-sm text-gray-600">{t('contact.emailNote', { email: c.email })}</p>
        <div className="mt-3">
          <PortalForm action={updateContactAction} submit={t('contact.save')} working={t('working')} success={t('contact.saved')}>
            {hidden}
            <label className="block text-sm font-medium text-gray-900">
              {t('contact.phone')}
              <input name="phone" type="tel" required defaultValue={c.phone} autoComplete="tel" maxLength={30} className={input} />
            </label>
            <label className="block text-sm font-medium text-gray-900">
              {t('contact.whatsapp')}
              <input name="whatsapp" type="tel" defaultValue={c.whatsapp ?? ''} maxLength={30} className={input} />
            </label>
            <label className="block text-sm font-medium text-gray-900">
              {t('contact.address')}
              <textarea name="address" required rows={2} defaultValue={c.address} maxLength={300} className={input} />
            </label>
            {c.type === 'business' ? (
              <TaxBranchFields
                texts={{ legend: tb('legend'), hint: tb('saved'), headOffice: tb('headOffice'), branch: tb('branch'), branchNumber: tb('branchNumber'), branchNumberHint: tb('branchNumberHint') }}
                defaultKind={taxBranchChoice(c.taxBranch).kind}
                defaultNumber={taxBranchChoice(c.taxBranch).number}
                inputClassName={input}
              />
            ) : null}
          </PortalForm>
        </div>
      </section>

      <p className="text-sm">
        <a href={agreementHref} className="text-brand-800 underline">{t('agreement.link')}</a>
      </p>
    </section>
  );
}
