import { notFound } from 'next/navigation';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { toBaht } from '@/lib/pricing';
import { creditNotePdfPath, invoicePdfPath } from '@/lib/invoices/access';
import { documentOf, loadInvoice } from '@/lib/invoices/load';
import { CertificateForm } from './certificate-form';
import { recordCertificate } from './actions';
import { getLocale, getTranslations } from 'next-intl/server';
import { invoiceBalance } from '@/lib/invoices/balance';
import { CERTIFICATE_TOLERANCE_SATANG, settlementState } from '@/lib/invoices/settlement-state';
import { ActionForm } from '../../_components/action-form';
import { Field, inputClass } from '../../_components/ui';
import { recordCounterPaymentAction } from '../../payments/actions';
import { openInvoicesOldestFirst } from '@/lib/payments/to-check';
import { issueCreditNoteAction } from '../actions';
import { adminDates } from '@/lib/dates/admin-dates';
import { etaxDeliveriesOfInvoice } from '@/lib/admin/section-reads';
import { VAT_RATE_PCT } from '@/lib/pricing/catalog';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Invoice', robots: { index: false, follow: false } };

/** Staff view of one invoice: its payments, credit notes, the withholding certificate form and the e-Tax sends. */
export default async function AdminInvoicePage({ params, searchParams }: { params: Promise<{ invoiceId: string }>; searchParams: Promise<{ done?: string }> }) {
  const { db } = await adminPage('invoices');
  const [{ invoiceId }, { done }] = await Promise.all([params, searchParams]);
  const invoice = await loadInvoice(db, invoiceId);
  if (!invoice) notFound();
  const d = documentOf(invoice);
  const money = (s: number) => formatTHB(s, 'en');
  const [t, td, tr, ti, ts, locale] = await Promise.all([getTranslations('lifecycle.counter'), getTranslations('staffDocuments'), getTranslations('admin.review'), getTranslations('admin.invoicePage'), getTranslations('admin.dashboard'), getLocale()]);
  // The booking's other open invoices: one counter payment can take them all, oldest first (docs/product-rules.md#counter-payments).
  const openDue = invoice.status === 'open' ? await openInvoicesOldestFirst(db, invoice.booking.id) : [];
  const balance = invoiceBalance(invoice);
  const settlement = settlementState(d);
  const tw = await getTranslations('admin.withholding');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">
        {d.number} · {tr(`invoiceKind.${invoice.kind}`)} · {tr(`invoiceStatus.${invoice.status}`)}
      </h1>
      {/* Paid net of withholding is not yet settled: the certificate (50 ทวิ) settles it (docs/product-rules.md#thai-money). */}
      {d.withholding ? (
        <p data-testid="settlement" className={`text-sm font-semibold ${settlement === 'settled' ? 'text-green-800' : settlement === 'awaiting_certificate' ? 'text-amber-800' : 'text-slate-700'}`}>
          {tw(`state.${settlement}`)}
        </p>
      ) : null}
      {done === 'issued' ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900">
          {td('issue.issued', { number: d.number })}
        </p>
      ) : null}
      <p>
        {ti('booking')} {invoice.booking.reference} · {d.buyer?.name} · {ti('total', { amount: money(d.valueInclVat) })}
        {d.withholding ? ` · ${ti('withholding', { amount: money(d.withholding) })} · ${ti('net', { amount: money(d.netToPay) })}` : ''} ·{' '}
        <a className="underline" href={invoicePdfPath('en', invoice.id)}>
          PDF
        </a>
      </p>
      <p>
        <a className="underline" href={`/admin/booking-review/${invoice.booking.id}`}>
          {invoice.booking.reference}
        </a>
      </p>
      <section className="rounded-lg border border-slate-200 p-4">
        <h2 className="text-lg font-semibold">{t('title')}</h2>
        <p className="text-sm font-semibold" data-testid="still-due">
          {t('stillDue', { amount: formatTHB(balance.dueSatang, locale === 'th' ? 'th' : 'en') })}
        </p>
        {openDue.length > 1 ? (
          <p role="note" className="my-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {ti('severalOpen', { count: openDue.length, amount: money(openDue.reduce((sum, i) => sum + i.dueSatang, 0)) })}{' '}
            <a className="font-semibold underline" href={`/admin/booking-review/${invoice.booking.id}#counter`}>
              {ti('severalOpenLink')}
            </a>
          </p>
        ) : null}
        {invoice.status === 'open' ? (
          <ActionForm action={recordCounterPaymentAction} submit={t('submit')} success={t('recorded')} resetOnSuccess>
            <p className="text-sm text-slate-700">{t('hint', { percent: VAT_RATE_PCT })}</p>
            <input type="hidden" name="invoiceId" value={invoice.id} />
            <Field label={t('method')}>
              <select name="method" className={inputClass} defaultValue="cash">
                <option value="cash">{t('cash')}</option>
                <option value="bank_transfer">{t('bankTransfer')}</option>
              </select>
            </Field>
            <Field label={t('amount')}>
              <input name="amount" required inputMode="decimal" defaultValue={String(balance.dueSatang / 100)} className={inputClass} />
            </Field>
          </ActionForm>
        ) : (
          <p className="text-sm text-slate-700">{t('closed')}</p>
        )}
      </section>
      <section>
        <h2 className="text-lg font-semibold">{ti('payments')}</h2>
        <ul className="list-disc pl-6 text-sm">
          {invoice.payments.map((p) => (
            <li key={p.id}>
              {ts(`method.${p.method}`)} · {ts(`paymentStatus.${p.status}`)} · {money(p.amountSatang)}
              {p.paidAt ? ` · ${adminDates(locale).dateTime(p.paidAt)}` : ''}
              {p.refundedSatang ? ` · ${ti('refunded', { amount: money(p.refundedSatang) })}` : ''} · {ti('proofs', { count: p.proofs.length })}
            </li>
          ))}
        </ul>
      </section>
      {invoice.creditNotes.length ? (
        <section>
          <h2 className="text-lg font-semibold">{td('note.creditNotes')}</h2>
          <ul className="list-disc pl-6 text-sm">
            {invoice.creditNotes.map((c) => (
              <li key={c.number}>
                <a className="font-mono underline" href={`/admin/invoices/${invoice.id}/credit-notes/${c.id}`}>
                  {c.number}
                </a>{' '}
                · {money(c.amountSatang)} · {c.reason} ·{' '}
                <a className="underline" href={creditNotePdfPath('en', invoice.id, c.id)}>
                  PDF
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {invoice.status !== 'void' && balance.creditedSatang < invoice.totalSatang ? (
        <section className="rounded-lg border border-slate-200 p-4">
          <h2 className="text-lg font-semibold">{td('credit.title')}</h2>
          <ActionForm action={issueCreditNoteAction} submit={td('credit.submit')} confirm={td('credit.confirm')} danger>
            <p className="text-sm text-slate-700">{td('credit.hint')}</p>
            <input type="hidden" name="invoiceId" value={invoice.id} />
            <Field label={td('credit.amount')}>
              <input name="amount" inputMode="decimal" className={inputClass} />
            </Field>
            <Field label={td('credit.reason')}>
              <input name="reason" required minLength={3} maxLength={500} className={inputClass} />
            </Field>
          </ActionForm>
        </section>
      ) : null}
      <section id="withholding-certificate">
        <h2 className="text-lg font-semibold">{ti('certificate')}</h2>
        {d.withholdingCertificate ? (
          <p>
            {d.withholdingCertificate.number} · {adminDates(locale).calendarDay(d.withholdingCertificate.issuedOn)} · {money(d.withholdingCertificate.amountSatang)}
          </p>
        ) : d.withholding && d.status !== 'void' ? (
          <CertificateForm
            invoiceId={invoice.id}
            expectedBaht={toBaht(d.withholding)}
            record={recordCertificate}
            labels={{
              number: tw('form.number'),
              issuedOn: tw('form.issuedOn'),
              amount: tw('form.amount'),
              amountHint: tw('form.amountHint', { amount: money(d.withholding), tolerance: money(CERTIFICATE_TOLERANCE_SATANG) }),
              note: tw('form.note'),
              submit: tw('form.submit'),
              saving: tw('form.saving'),
              recorded: tw('form.recorded'),
            }}
          />
        ) : (
          <p>{ti('noWithholding')}</p>
        )}
      </section>
      <EtaxDeliveries invoiceId={invoice.id} />
    </div>
  );
}

/** e-Tax Invoice by Email sends of this invoice (docs/product-rules.md#thai-money): when, to whom, the answer or the error. */
async function EtaxDeliveries({ invoiceId }: { invoiceId: string }) {
  const { db } = await adminPage('invoices');
  const [rows, t, locale] = await Promise.all([etaxDeliveriesOfInvoice(db, invoiceId), getTranslations('admin.etax'), getLocale()]);
  const when = adminDates(locale).dateTime;
  if (!rows.length) return null;
  return (
    <section id="etax">
      <h2 className="text-lg font-semibold">{t('title')}</h2>
      <ul className="space-y-1 text-sm">
        {rows.map((r) => (
          <li key={r.id}>
            <span className="font-mono">{r.typeCode}</span> · {r.documentNumber} · {r.toAddress} (cc {r.ccAddress}) ·{' '}
            <span className={r.status === 'failed' ? 'font-semibold text-red-700' : r.status === 'sent' ? 'text-green-800' : ''}>{t(`status.${r.status}`)}</span>
            {r.sentAt ? ` · ${when(r.sentAt)}` : ''}
            {r.reply ? ` · ${r.reply}` : ''}
            {r.status === 'failed' ? ` · ${r.nextAttemptAt ? t('retry', { attempts: r.attempts, next: when(r.nextAttemptAt) }) : t('gaveUp')}: ${r.lastError ?? ''}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
