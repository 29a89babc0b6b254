import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { paymentsQueueView } from '@/lib/admin/payments-queue-view';
import { ActionForm } from '../_components/action-form';
import { Badge, Card, Field, inputClass, PageTitle } from '../_components/ui';
import { SameSlipWarning } from '../_components/same-slip-warning';
import { SlipQrFacts } from '../_components/slip-qr-facts';
import { rejectQueuedPaymentAction, verifyQueuedPaymentAction } from './actions';
import { adminDates } from '@/lib/dates/admin-dates';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Payments to check', robots: { index: false, follow: false } };

/**
 * One queue of payments to check, for every invoice of every rental, oldest first, with the slip inline
 * (docs/product-rules.md#lifecycle), a warning beside a slip already sent for another payment, and a count when more
 * wait than the page lists. Verifying or rejecting goes through lib/payments/staff-payments.ts.
 */
export default async function PaymentsQueuePage({ searchParams }: { searchParams: Promise<{ done?: string }> }) {
  const { db } = await adminPage('payments');
  const { done } = await searchParams;
  const [t, ta, tp, tr, locale, queue] = await Promise.all([getTranslations('lifecycle.queue'), getTranslations('admin.dashboard'), getTranslations('staffTools.payments'), getTranslations('admin.review'), getLocale(), paymentsQueueView(db)]);
  const { payments, waiting, more, sameContent } = queue;
  const loc = locale === 'th' ? 'th' : 'en';
  const money = (s: number) => formatTHB(s, loc);
  const day = adminDates(locale).day;
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle
        actions={
          <Link href="/admin/payments/all" className="inline-flex min-h-11 items-center text-sm underline">
            {tp('all')}
          </Link>
        }
      >
        {t('title')}
      </PageTitle>
      <p className="mb-4 text-sm text-slate-700">{t('intro')}</p>
      {done === 'verified' || done === 'rejected' ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-sm font-semibold text-green-900">
          {t(done)}
        </p>
      ) : null}
      {payments.length === 0 ? <p className="text-slate-700">{t('empty')}</p> : null}
      {more ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('more', { shown: payments.length, waiting })}
        </p>
      ) : null}
      <ol className="space-y-4">
        {payments.map((p) => {
          const c = p.booking.customer;
          return (
            <li key={p.id} id={`payment-${p.id}`} className="scroll-mt-4">
              <Card
                title={
                  <span className="flex flex-wrap items-center gap-2">
                    <a className="font-mono underline" href={`/admin/invoices/${p.invoice!.id}`}>
                      {p.invoice!.number}
                    </a>
                    <span>· {c.companyName ?? `${c.firstName} ${c.lastName}`}</span>
                    <a className="text-sm font-normal underline" href={`/admin/booking-review/${p.booking.id}`}>
                      {p.booking.reference}
                    </a>
                  </span>
                }
              >
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-600">{t('received')}</dt>
                  <dd>{adminDates(locale).dateTime(p.createdAt)}</dd>
                  <dt className="text-slate-600">{t('method')}</dt>
                  <dd>
                    {ta(`method.${p.method}`)} <Badge tone={p.status === 'proof_uploaded' ? 'amber' : 'gray'}>{ta(`paymentStatus.${p.status}` as never)}</Badge>
                  </dd>
                  <dt className="text-slate-600">{t('amount')}</dt>
                  <dd>{money(p.amountSatang)}</dd>
                  {p.invoice!.dueAt ? (
                    <>
                      <dt className="text-slate-600">{t('due')}</dt>
                      <dd>{day(p.invoice!.dueAt)}</dd>
                    </>
                  ) : null}
                </dl>
                <div className="mt-3">
                  <h3 className="text-sm font-semibold">{t('slip')}</h3>
                  {p.proofs.length === 0 ? <p className="text-sm text-slate-600">{t('noSlip')}</p> : null}
                  {p.proofs.map((f) => (
                    <div key={f.id}>
                      {/* Said before the slip, so it is read before the Verify button. */}
                      <SameSlipWarning same={sameContent.get(f.id) ?? []} bookingId={p.booking.id} sameFileFirst />
                      {f.mimeType.startsWith('image/') ? (
                        <a href={`/admin/proofs/${f.id}`} className="mt-2 block">
                          {/* eslint-disable-next-line @next/next/no-img-element -- a staff-only file route, not an optimisable asset */}
                          <img src={`/admin/proofs/${f.id}`} alt={f.fileName} className="max-h-96 max-w-full rounded border border-slate-200" />
                        </a>
                      ) : (
                        <a href={`/admin/proofs/${f.id}`} className="mt-2 block text-sm underline">
                          {f.fileName}
                        </a>
                      )}
                      {/* What the slip's own QR says, beside it (docs/product-rules.md#thai-money). */}
                      <SlipQrFacts proof={f} />
                    </div>
                  ))}
                </div>
                <div className="mt-4 grid gap-4 sm:grid-cols-2">
                  <ActionForm action={verifyQueuedPaymentAction} submit={t('verify')} success={t('verified')} confirm={tr('verifyQueuedConfirm', { number: p.invoice!.number })}>
                    <input type="hidden" name="paymentId" value={p.id} />
                    <Field label={t('amountReceived')}>
                      <input name="amount" inputMode="decimal" defaultValue={String(p.amountSatang / 100)} className={inputClass} />
                    </Field>
                  </ActionForm>
                  <ActionForm action={rejectQueuedPaymentAction} submit={t('reject')} success={t('rejected')} danger>
                    <input type="hidden" name="paymentId" value={p.id} />
                    <Field label={t('reason')}>
                      <input name="reason" required minLength={3} className={inputClass} />
                    </Field>
                  </ActionForm>
                </div>
              </Card>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
