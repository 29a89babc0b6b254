import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { pickLocalized } from '@/lib/i18n/localized';
import { sanitizeLegalHtml } from '@/lib/legal/sanitize';
import { bookingForReview, freeUnitsOfType, snapshotIntact } from '@/lib/admin/bookings';
import { FREE_UNIT } from '@/lib/units/free';
import { NO_UNIT_DECISION_HOURS, paidWithoutUnit } from '@/lib/booking/no-unit';
import { allowedBookingActions, depositOf, moveInExceptions } from '@/lib/admin/booking-actions';
import { openInvoicesOldestFirst } from '@/lib/payments/staff-payments';
import { labelOf } from '@/lib/admin/labels';
import { adminDates } from '@/lib/format/admin-dates';
import { recordCounterPaymentAcrossAction } from '../../payments/actions';
import { SlipQrFacts } from '../../_components/slip-qr-facts';
import { findProofsWithSameContent } from '@/lib/payments/proofs/proof-fingerprint';
import { ActionForm } from '../../_components/action-form';
import { formatTaxBranch } from '@/lib/invoices/tax-branch';
import { Badge, Card, Dl, Field, inputClass, PageTitle, statusTone, Table, Td } from '../../_components/ui';
import {
  addNoteAction,
  cancelBookingAction,
  changeUnitAction,
  confirmBookingAction,
  endRentalAction,
  moveInAction,
  recordCashAction,
  rejectPaymentAction,
  releaseHoldAction,
  resendEmailAction,
  revokeLinksAction,
  verifyPaymentAction,
} from '../actions';
import { issueStaffInvoiceAction } from '../../invoices/actions';
import { AGREEMENT_FEE_CODES, AGREEMENT_FEES } from '@/lib/pricing/fees';
import { listSupplies } from '@/lib/supplies/catalogue';
import { toLocale } from '@/lib/i18n/translator';
import { viewGatePin } from '@/lib/gate/pin';
import { addConditionPhotoAction, rejectIdentityAction, regeneratePinAction, verifyIdentityAction } from '../access-actions';
import { canAddPhotos, photoUrl } from '@/lib/condition/photos';
import { bookingAccessRecords, bookingAuditTrail } from '@/lib/admin/section-reads';
import { uploadTexts } from '@/lib/uploads/messages';
import { IMAGE_ACCEPT, MAX_UPLOAD_MB } from '@/lib/uploads/limits';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `${(await getTranslations('admin.review'))('title')} ${id}` };
}

const QUOTE_LINES = ['rentBeforeDiscounts', 'termDiscount', 'firstMonthDiscount', 'promoDiscount', 'rentAfterDiscounts', 'insurance', 'supplies', 'setupFee', 'securityDeposit', 'withholdingTax', 'vatIncluded', 'totalDueToday'] as const;

/** Everything about one booking, and the actions its state allows. */
const DONE = ['verified', 'rejected', 'cashRecorded', 'confirmed', 'movedIn', 'unitChanged', 'cancelled', 'ended', 'holdReleased', 'linksRevoked', 'counterPaid'] as const;

/** Outcomes of the identity and gate PIN actions (texts in moveIn.admin). */
const ACCESS_DONE = { identityVerified: 'verified', identityRejected: 'rejected', pinRegenerated: 'regenerated' } as const;

export default async function BookingReviewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string; pin?: string }> }) {
  const { user: staff, db } = await adminPage('bookingReview');
  const [{ id }, { done, pin: pinParam }] = await Promise.all([params, searchParams]);
  const doneKey = DONE.find((d) => d === done);
  const accessDone = done && Object.hasOwn(ACCESS_DONE, done) ? ACCESS_DONE[done as keyof typeof ACCESS_DONE] : null;
  const b = await bookingForReview(db, id);
  if (!b) notFound();
  // Identity check and gate PIN (docs/product-rules.md#identity-and-gate-access); the PIN only on request, each view audited.
  const [tm, [identityDocs, gateChanges, photos]] = await Promise.all([getTranslations('moveIn'), bookingAccessRecords(db, b.id)]);
  const photoLabel = (p: { id: string }) => `#${photos.findIndex((x) => x.id === p.id) + 1}`;
  const pinShown = pinParam === 'show' && b.gatePinCipher ? await viewGatePin(db, b.id, { staff }) : null;
  const identityPending = !b.identityVerifiedAt && identityDocs.some((d) => d.status === 'pending' && d.kind !== 'selfie' && d.storageKey);
  const [t, ts, tl, td, locale, audit, tw, sameContent, te] = await Promise.all([
    getTranslations('admin.review'),
    getTranslations('admin.dashboard'),
    getTranslations('lifecycle'),
    getTranslations('staffDocuments'),
    getLocale(),
    bookingAuditTrail(db, b.id),
    getTranslations('security.proofWarning'),
    // One slip behind several bookings is shown where the slip is reviewed (lib/payments/proofs/proof-fingerprint.ts).
    Promise.all(b.proofs.map(async (p) => [p.id, await findProofsWithSameContent(db, p.id)] as const)).then((pairs) => new Map(pairs)),
    getTranslations('endRental'),
  ]);
  const money = (s: number) => formatTHB(s, locale);
  const dates = adminDates(locale);
  const when = dates.dateTime;
  const allowed = new Set(allowedBookingActions(b));
  const freeUnits = allowed.has('moveIn') || allowed.has('changeUnit') ? await freeUnitsOfType(db, b.unitTypeId) : [];
  // A reserved booking holding no unit while none of its type is free (docs/product-rules.md#inventory): staff cannot
  // take its payment or confirm it, and are told why before they try.
  const unitless = b.status === 'reserved' && !b.unitId && !b.heldUnit;
  const noneFree = unitless && (await db.unit.count({ where: { unitTypeId: b.unitTypeId, ...FREE_UNIT } })) === 0;
  const paidNoUnit = paidWithoutUnit(b);
  const intact = snapshotIntact(b.snapshot);
  // Staff invoice fees and counter sales from confirmation to after the end (docs/product-rules.md#documents-staff-issue).
  const billable = b.status === 'confirmed' || b.status === 'active' || b.status === 'ended';
  const supplies = billable ? await listSupplies(db, toLocale(locale)) : [];
  const quote = b.quote as Record<string, number>;
  const paidTotal = b.payments.filter((p) => p.status === 'paid' || p.status === 'refunded').reduce((s, p) => s + p.amountSatang, 0);
  const refundedTotal = b.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountSatang, 0);
  const openInvoice = [...b.invoices].reverse().find((i) => i.status === 'open');
  const hidden = <input type="hidden" name="bookingId" value={b.id} />;
  // One counter payment for every open invoice, oldest first (docs/product-rules.md#counter-payments).
  const openDue = b.status === 'reserved' ? [] : await openInvoicesOldestFirst(db, b.id);
  const openDueTotal = openDue.reduce((sum, i) => sum + i.dueSatang, 0);
  // A hand-over before the booked day or before the ID check asks for a reason (docs/product-rules.md#move-in-out-of-the-ordinary).
  const moveInWarnings = allowed.has('moveIn') ? moveInExceptions(b) : [];
  const slipsToCheck = b.proofs.filter((p) => p.status === 'pending');
  const besideVerify = new Set(allowed.has('verifyPayment') ? slipsToCheck.map((p) => p.id) : []);
  const proofView = (p: (typeof b.proofs)[number], size: 'large' | 'small' | 'link') => (
    <>
      <p>
        <a href={`/admin/proofs/${p.id}`} target="_blank" rel="noreferrer" className="text-brand-800 underline">{p.fileName}</a>{' '}
        <Badge tone={statusTone(p.status)}>{t(`proofStatus.${p.status}`)}</Badge> · {when(p.uploadedAt)}
        {p.note ? <span className="block text-slate-600">{p.note}</span> : null}
      </p>
      {sameContent.get(p.id)?.length ? (
        <div role="alert" className="mt-2 rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">{tw('title')}</p>
          <p className="mt-1">{tw('body')}</p>
          <ul className="mt-1 list-disc pl-5">
            {sameContent.get(p.id)!.map((o) => (
              <li key={o.id}>
                <a href={`/admin/booking-review/${o.bookingId}`} className="font-mono underline">{o.reference}</a> · {o.customerName} ·{' '}
                <Badge tone={o.sameCustomer ? 'amber' : 'red'}>{o.sameCustomer ? tw('sameCustomer') : tw('otherCustomer')}</Badge>
                {o.match === 'lookalike' ? <> · {tw('lookalike')}</> : null} · {when(o.uploadedAt)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {size === 'link' ? (
        <p className="text-slate-600">{t('slipBesideVerify')}</p>
      ) : p.mimeType === 'application/pdf' ? (
        <object data={`/admin/proofs/${p.id}`} type="application/pdf" className={`mt-2 w-full rounded border ${size === 'large' ? 'h-96' : 'h-72'}`} aria-label={p.fileName} />
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- a private file streamed to staff, not an optimisable public image
        <img src={`/admin/proofs/${p.id}`} alt={p.fileName} className={`mt-2 max-w-full rounded border ${size === 'large' ? 'max-h-96' : 'max-h-72'}`} />
      )}
      <SlipQrFacts proof={p} />
    </>
  );
  const agreement = sanitizeLegalHtml(b.agreementText);
  const c = b.customer;

  return (
    <>
      <PageTitle>
        {t('title')} <span className="font-mono">{b.reference}</span>{' '}
        <Badge tone={statusTone(b.status)}>{ts(`bookingStatus.${b.status}`)}</Badge>{' '}
        <Badge tone={statusTone(b.paymentStatus)}>{ts(`paymentStatus.${b.paymentStatus}`)}</Badge>
      </PageTitle>

      {unitless && (noneFree || paidNoUnit) ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          {paidNoUnit === 'automatic' ? t('noUnit.refunded') : paidNoUnit ? t(noneFree ? 'noUnit.paidNoneFree' : 'noUnit.paidUnitFree', { hours: NO_UNIT_DECISION_HOURS }) : t('noUnit.noneFree')}
        </p>
      ) : null}
      {doneKey || accessDone ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900">
          {doneKey ? t(doneKey) : tm(`admin.${accessDone!}`)}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={t('summary')}>
          <Dl
            rows={[
              [t('method'), ts(`method.${b.paymentMethod}`)],
              [t('created'), when(b.createdAt)],
              [t('holdUntil'), when(b.holdExpiresAt)],
              [t('holdConfirmedAt'), when(b.holdConfirmedAt)],
              [t('confirmedAt'), when(b.confirmedAt)],
              [t('movedInAt'), when(b.movedInAt)],
              [t('moveOutDate'), dates.calendarDay(b.moveOutDate)],
              [t('cancelledAt'), when(b.cancelledAt)],
              [t('endedAt'), when(b.endedAt)],
              [t('locale'), b.locale],
              [t('linksRevokedAt'), when(b.linksRevokedAt)],
            ]}
          />
        </Card>
        <Card title={t('customer')}>
          <Dl
            rows={[
              [t('name'), `${c.firstName} ${c.lastName}`],
              [t('customerType'), t(`customerTypes.${c.type}`)],
              [t('email'), c.email],
              [t('phone'), c.phone],
              [t('whatsapp'), c.whatsapp ?? '—'],
              [t('address'), c.address],
              ...(c.companyName ? ([[t('company'), c.companyName], [t('taxId'), c.taxId ? `${c.taxId} · ${formatTaxBranch(c.taxBranch)}` : '—']] as [string, string][]) : []),
            ]}
          />
        </Card>
        <Card title={t('choices')}>
          <Dl
            rows={[
              [t('unitType'), pickLocalized<string>(b.unitType.name, locale) ?? b.unitType.code],
              [t('unit'), b.heldUnit?.number ?? b.unit?.number ?? '—'],
              [
                tm('admin.pin'),
                pinShown ? (
                  <span key="pin" className="font-mono font-semibold" data-testid="staff-gate-pin">{pinShown}</span>
                ) : b.gatePinCipher ? (
                  <span key="pin">
                    {tm('admin.pinHidden')}{' '}
                    <a href={`/admin/booking-review/${b.id}?pin=show`} className="text-brand-800 underline">{tm('admin.showPin')}</a>
                  </span>
                ) : (
                  tm('admin.pinNone')
                ),
              ],
              [
                tl('stageLabel'),
                <Badge key="stage" tone={b.delinquency === 'current' ? 'green' : 'red'}>
                  {tl(`stages.${b.delinquency}`)}
                  {b.accessSuspendedAt ? ` · ${when(b.accessSuspendedAt)}` : ''}
                </Badge>,
              ],
              [t('startDate'), dates.calendarDay(b.startDate)],
              [t('term'), t('months', { months: b.months })],
              [t('monthlyRate'), money(b.monthlyRate)],
              [t('insurance'), b.insuranceMonthly ? money(b.insuranceMonthly) : t('noInsurance')],
              [t('promo'), b.promoCode?.code ?? '—'],
              [t('supplies'), b.supplyLines.length ? b.supplyLines.map((l) => `${pickLocalized<string>(l.supply.name, locale) ?? l.supplyId} × ${l.quantity}`).join(', ') : '—'],
              [t('taxInvoice'), b.requiresTaxInvoice ? t('yes') : t('no')],
            ]}
          />
        </Card>
      </div>

      <Card title={tm('admin.identity')} className="mt-6" id="identity">
        {b.identityVerifiedAt ? <p className="mb-3 text-sm font-semibold text-green-800">{tm('admin.identityVerifiedAt', { date: when(b.identityVerifiedAt) })}</p> : null}
        {identityDocs.length === 0 ? <p className="text-sm text-slate-600">{tm('admin.identityNone')}</p> : null}
        <ul className="grid gap-4 md:grid-cols-2">
          {identityDocs.map((d) => (
            <li key={d.id} className="text-sm">
              <p>
                {d.storageKey ? (
                  <a href={`/admin/identity/${d.id}`} target="_blank" rel="noreferrer" className="text-brand-800 underline">{`${tm(`kinds.${d.kind}`)} · ${d.fileName}`}</a>
                ) : (
                  <span>{`${tm(`kinds.${d.kind}`)} · ${d.fileName} · ${tm('admin.purged', { date: when(d.purgedAt) })}`}</span>
                )}{' '}
                <Badge tone={statusTone(d.status)}>{t(`proofStatus.${d.status}`)}</Badge> · {when(d.uploadedAt)}
                {d.note ? <span className="block text-slate-600">{d.note}</span> : null}
              </p>
              {d.storageKey ? (
                d.mimeType === 'application/pdf' ? (
                  <object data={`/admin/identity/${d.id}`} type="application/pdf" className="mt-2 h-72 w-full rounded border" aria-label={d.fileName} />
                ) : (
                  // eslint-disable-next-line @next/next/no-img-element -- a private file streamed to staff, not an optimisable public image
                  <img src={`/admin/identity/${d.id}`} alt={d.fileName} className="mt-2 max-h-72 rounded border" />
                )
              ) : null}
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {identityPending ? (
            <>
              <ActionForm action={verifyIdentityAction} submit={tm('admin.verify')}>
                {hidden}
              </ActionForm>
              <ActionForm action={rejectIdentityAction} submit={tm('admin.reject')} danger>
                {hidden}
                <Field label={tm('admin.reason')}>
                  <input name="reason" required minLength={3} maxLength={500} className={inputClass} />
                </Field>
              </ActionForm>
            </>
          ) : null}
          {b.gatePinCipher && (b.status === 'confirmed' || b.status === 'active') ? (
            <ActionForm action={regeneratePinAction} submit={tm('admin.regenerate')} confirm={tm('admin.regenerateConfirm')} danger>
              {hidden}
            </ActionForm>
          ) : null}
        </div>
        {gateChanges.length ? (
          <>
            <h3 className="mt-4 font-semibold">{tm('admin.gateHistory')}</h3>
            <ul className="mt-1 text-sm">
              {gateChanges.map((g) => (
                <li key={g.id}>{`${when(g.createdAt)} · ${tm(`admin.actions.${g.action as 'grant'}`)} · ${tm(`admin.gateStatuses.${g.status as 'pending'}`)}${g.lastError ? ` · ${g.lastError}` : ''}`}</li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>

      <Card title={tm('admin.photos')} className="mt-6">
        {photos.length === 0 ? <p className="text-sm text-slate-600">{tm('portal.photos.none')}</p> : null}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {photos.map((p) => (
            <li key={p.id} className="text-sm">
              {/* eslint-disable-next-line @next/next/no-img-element -- a private photo streamed to staff */}
              <img src={photoUrl(p.id)} alt={`${photoLabel(p)} ${tm(`stages.${p.stage}`)} ${p.note}`.trim()} className="max-h-48 rounded border" />
              <p className="mt-1">
                <span className="font-semibold">{`${photoLabel(p)} · ${tm(`stages.${p.stage}`)}`}</span> · {when(p.createdAt)} · {tm('photoForm.by', { who: p.addedBy === 'customer' ? tm('photoForm.customer') : p.addedBy })}
              </p>
              {p.note ? <p className="text-slate-700">{p.note}</p> : null}
            </li>
          ))}
        </ul>
        {canAddPhotos(b.status, 'staff') ? (
          <ActionForm action={addConditionPhotoAction} submit={tm('portal.photos.add')} success={tm('admin.photoAdded')} encType="multipart/form-data" resetOnSuccess className="mt-4 max-w-md" uploads={uploadTexts(locale)}>
            {hidden}
            <Field label={tm('photoForm.stage')}>
              <select name="stage" defaultValue={b.status === 'ended' || b.noticeGivenAt ? 'move_out' : 'move_in'} className={inputClass}>
                <option value="move_in">{tm('stages.move_in')}</option>
                <option value="move_out">{tm('stages.move_out')}</option>
              </select>
            </Field>
            <Field label={tm('photoForm.file')} hint={tm('photoForm.hint', { max: MAX_UPLOAD_MB })}>
              <input name="photo" type="file" required accept={IMAGE_ACCEPT} className={inputClass} />
            </Field>
            <Field label={tm('photoForm.note')}>
              <input name="note" maxLength={500} className={inputClass} />
            </Field>
          </ActionForm>
        ) : null}
      </Card>

      <Card title={t('actions')} className="mt-6">
        {allowed.size <= 2 ? <p className="mb-3 text-sm text-slate-600">{t('noStateActions')}</p> : null}
        <div className="grid gap-6 md:grid-cols-2">
          {allowed.has('verifyPayment') ? (
            <ActionForm action={verifyPaymentAction} submit={t('verify')} success={t('verified')} confirm={t('verifyConfirm', { amount: money(openInvoice?.totalSatang ?? b.totalDueToday) })}>
              <h3 className="font-semibold">{t('verifyTitle')}</h3>
              {hidden}
              <p className="text-sm font-semibold">{t('verifyAmount', { amount: money(openInvoice?.totalSatang ?? b.totalDueToday) })}</p>
              {/* The slip sits beside its button, so a phone checks it without scrolling away (issue 37). */}
              <section aria-label={t('slipToCheck')} className="space-y-3 text-sm">
                {slipsToCheck.length ? slipsToCheck.map((p) => <div key={p.id}>{proofView(p, 'small')}</div>) : <p className="text-slate-600">{t('noProofs')}</p>}
              </section>
              <Field label={t('noteOptional')}>
                <input name="note" className={inputClass} />
              </Field>
            </ActionForm>
          ) : null}
          {allowed.has('rejectPayment') ? (
            <ActionForm action={rejectPaymentAction} submit={t('reject')} success={t('rejected')} danger>
              <h3 className="font-semibold">{t('rejectTitle')}</h3>
              {hidden}
              <Field label={t('reason')} hint={t('reasonHint')}>
                <input name="reason" required minLength={3} className={inputClass} />
              </Field>
            </ActionForm>
          ) : null}
          {allowed.has('recordCash') ? (
            <ActionForm action={recordCashAction} submit={t('recordCash')} success={t('cashRecorded')}>
              <h3 className="font-semibold">{t('cashTitle')}</h3>
              {hidden}
              <Field label={t('amountBaht')} hint={t('cashHint', { amount: money(openInvoice?.totalSatang ?? b.totalDueToday) })}>
                <input name="amount" required inputMode="decimal" defaultValue={String((openInvoice?.totalSatang ?? b.totalDueToday) / 100)} className={inputClass} />
              </Field>
            </ActionForm>
          ) : null}
          {allowed.has('confirm') ? (
            <ActionForm action={confirmBookingAction} submit={t('confirm')} success={t('confirmed')}>
              <h3 className="font-semibold">{t('confirmTitle')}</h3>
              <p className="text-sm text-slate-700">{t('confirmHint')}</p>
              {hidden}
            </ActionForm>
          ) : null}
          {allowed.has('moveIn') ? (
            <ActionForm action={moveInAction} submit={t('moveIn')} success={t('movedIn')} confirm={moveInWarnings.length ? t('moveInConfirmException') : t('moveInConfirm')}>
              <h3 className="font-semibold">{t('moveInTitle')}</h3>
              {hidden}
              {moveInWarnings.length ? (
                <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                  <ul className="list-disc pl-5">
                    {moveInWarnings.includes('early') ? <li>{t('moveInEarly', { date: dates.calendarDay(b.startDate) })}</li> : null}
                    {moveInWarnings.includes('identity') ? <li>{t('moveInNoId')}</li> : null}
                  </ul>
                  <Field label={t('moveInReason')} hint={t('moveInReasonHint')}>
                    <input name="reason" required minLength={3} maxLength={500} className={inputClass} />
                  </Field>
                </div>
              ) : null}
              <Field label={t('unit')}>
                <select name="unitId" defaultValue={b.heldUnit?.id} className={inputClass}>
                  {b.heldUnit ? <option value={b.heldUnit.id}>{`${b.heldUnit.number} (${t('heldUnit')})`}</option> : null}
                  {freeUnits.map((u) => (
                    <option key={u.id} value={u.id}>{u.number}</option>
                  ))}
                </select>
              </Field>
            </ActionForm>
          ) : null}
          {allowed.has('changeUnit') ? (
            <ActionForm action={changeUnitAction} submit={t('changeUnit')} success={t('unitChanged')}>
              <h3 className="font-semibold">{t('changeUnitTitle')}</h3>
              {hidden}
              {freeUnits.length ? (
                <Field label={t('newUnit')}>
                  <select name="unitId" className={inputClass}>
                    {freeUnits.map((u) => (
                      <option key={u.id} value={u.id}>{u.number}</option>
                    ))}
                  </select>
                </Field>
              ) : (
                <p className="text-sm text-slate-600">{t('noFreeUnits')}</p>
              )}
            </ActionForm>
          ) : null}
          {allowed.has('releaseHold') ? (
            <ActionForm action={releaseHoldAction} submit={t('releaseHold')} success={t('holdReleased')} danger confirm={t('releaseHoldConfirm')}>
              <h3 className="font-semibold">{t('releaseHoldTitle')}</h3>
              {hidden}
              <p className="text-sm text-slate-700">{t('releaseHoldHint')}</p>
              <Field label={t('reason')}>
                <input name="reason" required minLength={3} className={inputClass} />
              </Field>
            </ActionForm>
          ) : null}
          {allowed.has('cancel') ? (
            <ActionForm action={cancelBookingAction} submit={t('cancel')} success={t('cancelled')} danger confirm={t('cancelConfirm')}>
              <h3 className="font-semibold">{t('cancelTitle')}</h3>
              {hidden}
              <p className="text-sm text-slate-700">{t('paidSoFar', { paid: money(paidTotal), refunded: money(refundedTotal) })}</p>
              <Field label={t('refundBaht')} hint={b.paymentMethod === 'card' || b.paymentMethod === 'promptpay' ? t('refundStripe') : t('refundManual')}>
                <input name="refund" required inputMode="decimal" defaultValue={String(Math.max(0, paidTotal - refundedTotal) / 100)} className={inputClass} />
              </Field>
              <Field label={t('reason')}>
                <input name="reason" required minLength={3} className={inputClass} />
              </Field>
            </ActionForm>
          ) : null}
          <ActionForm action={revokeLinksAction} submit={t('revokeLinks')} success={t('linksRevoked')} danger confirm={t('revokeLinksConfirm')}>
            <h3 className="font-semibold">{t('revokeLinksTitle')}</h3>
            {hidden}
            <p className="text-sm text-slate-700">{t('revokeLinksHint')}</p>
            <Field label={t('reason')}>
              <input name="reason" required minLength={3} className={inputClass} />
            </Field>
          </ActionForm>
          {allowed.has('endRental') ? (
            <ActionForm action={endRentalAction} submit={t('endRental')} success={t('ended')} danger confirm={t('endConfirm')}>
              <h3 className="font-semibold">{t('endTitle')}</h3>
              {hidden}
              <p className="text-sm text-slate-700">{t('depositHeld', { amount: money(depositOf(b)) })}</p>
              <Field label={t('feesBaht')} hint={t('feesHint')}>
                <input name="fees" required inputMode="decimal" defaultValue="0" className={inputClass} />
              </Field>
              <Field label={t('feesNote')}>
                <input name="feesNote" className={inputClass} />
              </Field>
              <fieldset className="space-y-1 text-sm">
                <legend className="font-medium">{te('openInvoices')}</legend>
                {b.invoices.some((i) => i.status === 'open') ? (
                  <p className="text-slate-700">{te('openList', { list: b.invoices.filter((i) => i.status === 'open').map((i) => i.number).join(', ') })}</p>
                ) : (
                  <p className="text-slate-700">{te('noneOpen')}</p>
                )}
                <label className="flex items-center gap-2">
                  <input type="radio" name="openInvoices" value="credit" /> {te('creditOpen')}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="openInvoices" value="keep" defaultChecked /> {te('keepOpen')}
                </label>
              </fieldset>
              <fieldset className="space-y-1 text-sm">
                <legend className="font-medium">{te('unitAfter')}</legend>
                <label className="flex items-center gap-2">
                  <input type="radio" name="unitAfter" value="available" defaultChecked /> {te('unitFree')}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="unitAfter" value="maintenance" /> {te('unitCleaning')}
                </label>
              </fieldset>
              {photos.length ? (
                <fieldset className="text-sm">
                  <legend className="font-medium">{tm('admin.deductionPhotos')}</legend>
                  {photos.map((p) => (
                    <label key={p.id} className="mr-4 inline-flex items-center gap-1">
                      <input type="checkbox" name="photoIds" value={p.id} />
                      {`${photoLabel(p)} ${tm(`stages.${p.stage}`)}${p.note ? `: ${p.note}` : ''}`}
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </ActionForm>
          ) : null}
        </div>
      </Card>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card title={t('price')}>
          <Dl rows={QUOTE_LINES.filter((k) => typeof quote[k] === 'number').map((k) => [t(`quote.${k}`), money(quote[k])])} />
          <p className="mt-3 text-sm">
            {t('snapshot')}:{' '}
            {intact === null ? <Badge>{t('snapshotMissing')}</Badge> : intact ? <Badge tone="green">{t('snapshotIntact')}</Badge> : <Badge tone="red">{t('snapshotAltered')}</Badge>}
          </p>
        </Card>
        <Card title={t('proofs')}>
          {b.proofs.length === 0 ? <p className="text-sm text-slate-600">{t('noProofs')}</p> : null}
          <ul className="space-y-4">
            {b.proofs.map((p) => (
              <li key={p.id} className="text-sm">
                {proofView(p, besideVerify.has(p.id) ? 'link' : 'large')}
              </li>
            ))}
          </ul>
        </Card>
      </div>

      {openDue.length ? (
        <Card title={t('counterTitle')} className="mt-6" id="counter">
          <ActionForm action={recordCounterPaymentAcrossAction} submit={t('counterSubmit')} confirm={t('counterConfirm')}>
            {hidden}
            <p className="text-sm text-slate-700">{t('counterHint')}</p>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {openDue.map((i) => (
                <li key={i.id}>
                  <a className="font-mono underline" href={`/admin/invoices/${i.id}`}>{i.number}</a>
                  {` · ${t(`invoiceKind.${i.kind}`)} · ${t('counterDue', { date: dates.day(i.dueAt) })} · `}
                  <span className="font-semibold">{money(i.dueSatang)}</span>
                </li>
              ))}
            </ol>
            <p className="text-sm font-semibold" data-testid="counter-total">{t('counterTotal', { amount: money(openDueTotal) })}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('counterMethod')}>
                <select name="method" className={inputClass} defaultValue="cash">
                  <option value="cash">{ts('method.cash')}</option>
                  <option value="bank_transfer">{ts('method.bank_transfer')}</option>
                </select>
              </Field>
              <Field label={t('amountBaht')}>
                <input name="amount" required inputMode="decimal" defaultValue={String(openDueTotal / 100)} className={inputClass} />
              </Field>
            </div>
          </ActionForm>
        </Card>
      ) : null}

      <Card title={t('invoices')} className="mt-6">
        <Table head={[t('number'), t('status'), t('issued'), t('due'), t('total'), t('lines')]}>
          {b.invoices.map((i) => (
            <tr key={i.id}>
              <Td className="font-mono">
                <a className="underline" href={`/admin/invoices/${i.id}`}>{i.number}</a>
              </Td>
              <Td><Badge tone={statusTone(i.status)}>{t(`invoiceStatus.${i.status}`)}</Badge></Td>
              <Td>{when(i.issuedAt)}</Td>
              <Td>{when(i.dueAt)}</Td>
              <Td>{money(i.totalSatang)}</Td>
              <Td>
                <ul>
                  {i.lines.map((l) => (
                    <li key={l.id}>{`${l.description}: ${money(l.amountSatang)}`}</li>
                  ))}
                </ul>
              </Td>
            </tr>
          ))}
        </Table>
      </Card>

      {billable ? (
        <Card title={td('issue.title')} className="mt-6">
          <ActionForm action={issueStaffInvoiceAction} submit={td('issue.submit')}>
            <p className="text-sm text-slate-700">{td('issue.hint')}</p>
            {hidden}
            <div className="grid gap-6 md:grid-cols-2">
              <fieldset className="space-y-2">
                <legend className="font-semibold">{td('issue.fees')}</legend>
                {AGREEMENT_FEE_CODES.map((code) => (
                  <Field key={code} label={td('issue.quantity', { item: td(`lines.fees.${code}`), price: money(AGREEMENT_FEES[code]) })}>
                    <input name={`fee_${code}`} type="number" min={0} max={99} step={1} defaultValue={0} inputMode="numeric" className={inputClass} />
                  </Field>
                ))}
              </fieldset>
              <fieldset className="space-y-2">
                <legend className="font-semibold">{td('issue.supplies')}</legend>
                {supplies.map((s) => (
                  <Field key={s.id} label={td('issue.quantity', { item: s.name, price: money(s.priceSatang) })}>
                    <input name={`supply_${s.id}`} type="number" min={0} max={99} step={1} defaultValue={0} inputMode="numeric" className={inputClass} />
                  </Field>
                ))}
              </fieldset>
            </div>
            <Field label={td('issue.note')}>
              <input name="note" maxLength={500} className={inputClass} />
            </Field>
          </ActionForm>
        </Card>
      ) : null}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card title={t('payments')}>
          <Table head={[t('method'), t('status'), t('amount'), t('paidAt'), t('providerRef')]}>
            {b.payments.map((p) => (
              <tr key={p.id}>
                <Td>{ts(`method.${p.method}`)}</Td>
                <Td><Badge tone={statusTone(p.status)}>{ts(`paymentStatus.${p.status}`)}</Badge></Td>
                <Td>{money(p.amountSatang)}</Td>
                <Td>{when(p.paidAt)}</Td>
                <Td className="font-mono text-xs">{p.providerPaymentId ?? p.providerSessionId ?? '—'}</Td>
              </tr>
            ))}
          </Table>
          {b.refunds.length ? (
            <>
              <h3 className="mt-4 font-semibold">{t('refunds')}</h3>
              <Table head={[t('amount'), t('provider'), t('status'), t('reason'), t('created')]}>
                {b.refunds.map((r) => (
                  <tr key={r.id}>
                    <Td>{money(r.amountSatang)}</Td>
                    <Td>{labelOf(t, `refundProvider.${r.provider}`, r.provider)}</Td>
                    <Td>{labelOf(t, `refundStatus.${r.status}`, r.status)}</Td>
                    <Td>
                      {r.reason}
                      {r.photoIds.length ? (
                        <span className="block">
                          {tm('admin.refundPhotos', { list: '' })}
                          {r.photoIds.map((pid) => (
                            <a key={pid} href={photoUrl(pid)} target="_blank" rel="noreferrer" className="ml-1 text-brand-800 underline">
                              {photoLabel({ id: pid })}
                            </a>
                          ))}
                        </span>
                      ) : null}
                    </Td>
                    <Td>{when(r.createdAt)}</Td>
                  </tr>
                ))}
              </Table>
            </>
          ) : null}
        </Card>
        <Card title={t('emails')}>
          <Table head={[t('template'), t('to'), t('status'), t('sentAt'), '']}>
            {b.emails.map((e) => (
              <tr key={e.id}>
                <Td>{labelOf(t, `emailKind.${e.template}`, e.template)}</Td>
                <Td>{e.toAddress}</Td>
                <Td><Badge tone={statusTone(e.status)}>{t(`emailStatus.${e.status}`)}</Badge></Td>
                <Td>{when(e.sentAt)}</Td>
                <Td>
                  <ActionForm action={resendEmailAction} submit={t('resend')} success={t('resent')}>
                    {hidden}
                    <input type="hidden" name="emailId" value={e.id} />
                  </ActionForm>
                </Td>
              </tr>
            ))}
          </Table>
        </Card>
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card title={t('notes')}>
          <ActionForm action={addNoteAction} submit={t('addNote')} resetOnSuccess>
            {hidden}
            <Field label={t('note')}>
              <textarea name="text" required rows={3} maxLength={2000} className={inputClass} />
            </Field>
          </ActionForm>
          <ul className="mt-4 space-y-2 text-sm">
            {b.notes.map((n) => (
              <li key={n.id} className="rounded bg-slate-50 p-2">
                <p className="whitespace-pre-wrap">{n.text}</p>
                <p className="text-xs text-slate-600">{`${n.authorEmail ?? '—'} · ${when(n.createdAt)}`}</p>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('history')}>
          <ul className="space-y-1 text-sm">
            {audit.map((a) => (
              <li key={a.id}>
                <span className="font-mono">{a.action}</span> · {a.actorEmail ?? t('system')} · {when(a.createdAt)}
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <Card title={t('agreement')} className="mt-6">
        <p className="mb-2 text-sm">{t('signedBy', { name: b.agreementSignature, time: when(b.agreementSignedAt) })}</p>
        <p className="mb-2 text-xs text-slate-600">{t('signedFrom', { ip: b.agreementSignedIp ?? '—', browser: b.agreementSignedUa ?? '—' })}</p>
        {agreement ? (
          <div className="prose max-h-96 max-w-none overflow-y-auto rounded border p-3 text-sm" dangerouslySetInnerHTML={{ __html: agreement }} />
        ) : null}
      </Card>
    </>
  );
}
