import { getLocale, getTranslations } from 'next-intl/server';
import { Badge, Card, Dl, statusTone, Table, Td } from '@/app/admin/_components/ui';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { labelOf } from '@/lib/admin/labels';
import { auditActionLabel } from '@/lib/admin/audit-actions';
import { photoUrl } from '@/lib/condition/photos';
import { reviewFormat } from './format';
import { ProofView } from './proof-view';
import { CounterPaymentForm } from './payment-forms';
import { AddNoteForm, ResendEmailForm, StaffInvoiceForm } from './record-forms';

// The booking's records, one section each: price, slips, invoices, payments and refunds, emails, notes, history, agreement.

/** The stored quote's lines and whether the confirmation snapshot is still the one the customer saw. */
export async function PriceCard({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { money } = reviewFormat(locale);
  const intact = view.snapshotIntact;
  return (
    <Card title={t('price')}>
      <Dl rows={view.quoteLines.map((l) => [t(`quote.${l.key}`), money(l.satang)])} />
      <p className="mt-3 text-sm">
        {t('snapshot')}:{' '}
        {intact === null ? <Badge>{t('snapshotMissing')}</Badge> : intact ? <Badge tone="green">{t('snapshotIntact')}</Badge> : <Badge tone="red">{t('snapshotAltered')}</Badge>}
      </p>
    </Card>
  );
}

export async function ProofsCard({ view }: { view: BookingReviewView }) {
  const t = await getTranslations('admin.review');
  const proofs = view.booking.proofs;
  return (
    <Card title={t('proofs')}>
      {proofs.length === 0 ? <p className="text-sm text-slate-600">{t('noProofs')}</p> : null}
      <ul className="space-y-4">
        {proofs.map((p) => (
          <li key={p.id} className="text-sm">
            <ProofView view={view} proof={p} size={view.slipsBesideVerify.has(p.id) ? 'link' : 'large'} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

export async function PriceAndProofs({ view }: { view: BookingReviewView }) {
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <PriceCard view={view} />
      <ProofsCard view={view} />
    </div>
  );
}

export async function CounterCard({ view }: { view: BookingReviewView }) {
  if (!view.openDue.length) return null;
  const t = await getTranslations('admin.review');
  return (
    <Card title={t('counterTitle')} className="mt-6" id="counter">
      <CounterPaymentForm view={view} />
    </Card>
  );
}

export async function InvoicesCard({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { money, when } = reviewFormat(locale);
  return (
    <Card title={t('invoices')} className="mt-6">
      <Table cards head={[t('number'), t('status'), t('issued'), t('due'), t('total'), t('lines')]}>
        {view.booking.invoices.map((i) => (
          <tr key={i.id}>
            <Td label={t('number')} className="font-mono">
              <a className="underline" href={`/admin/invoices/${i.id}`}>{i.number}</a>
            </Td>
            <Td label={t('status')}><Badge tone={statusTone(i.status)}>{t(`invoiceStatus.${i.status}`)}</Badge></Td>
            <Td label={t('issued')}>{when(i.issuedAt)}</Td>
            <Td label={t('due')}>{when(i.dueAt)}</Td>
            <Td label={t('total')}>{money(i.totalSatang)}</Td>
            <Td label={t('lines')}>
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
  );
}

export async function StaffInvoiceCard({ view }: { view: BookingReviewView }) {
  if (!view.billable) return null;
  const td = await getTranslations('staffDocuments');
  return (
    <Card title={td('issue.title')} className="mt-6">
      <StaffInvoiceForm view={view} />
    </Card>
  );
}

export async function PaymentsCard({ view }: { view: BookingReviewView }) {
  const [t, ts, tm, locale] = await Promise.all([getTranslations('admin.review'), getTranslations('admin.dashboard'), getTranslations('moveIn'), getLocale()]);
  const { money, when } = reviewFormat(locale);
  const b = view.booking;
  return (
    <Card title={t('payments')}>
      <Table cards head={[t('method'), t('status'), t('amount'), t('paidAt'), t('providerRef')]}>
        {b.payments.map((p) => (
          <tr key={p.id}>
            <Td label={t('method')}>{ts(`method.${p.method}`)}</Td>
            <Td label={t('status')}><Badge tone={statusTone(p.status)}>{ts(`paymentStatus.${p.status}`)}</Badge></Td>
            <Td label={t('amount')}>{money(p.amountSatang)}</Td>
            <Td label={t('paidAt')}>{when(p.paidAt)}</Td>
            <Td label={t('providerRef')} className="font-mono text-xs [overflow-wrap:anywhere]">{p.providerPaymentId ?? p.providerSessionId ?? '—'}</Td>
          </tr>
        ))}
      </Table>
      {b.refunds.length ? (
        <>
          <h3 className="mt-4 font-semibold">{t('refunds')}</h3>
          <Table cards head={[t('amount'), t('provider'), t('status'), t('reason'), t('created')]}>
            {b.refunds.map((r) => (
              <tr key={r.id}>
                <Td label={t('amount')}>{money(r.amountSatang)}</Td>
                <Td label={t('provider')}>{labelOf(t, `refundProvider.${r.provider}`, r.provider)}</Td>
                <Td label={t('status')}>{labelOf(t, `refundStatus.${r.status}`, r.status)}</Td>
                <Td label={t('reason')}>
                  {r.reason}
                  {r.photoIds.length ? (
                    <span className="block">
                      {tm('admin.refundPhotos', { list: '' })}
                      {r.photoIds.map((pid) => (
                        <a key={pid} href={photoUrl(pid)} target="_blank" rel="noreferrer" className="ml-1 text-brand-800 underline">
                          {view.photoLabels.get(pid) ?? '#0'}
                        </a>
                      ))}
                    </span>
                  ) : null}
                </Td>
                <Td label={t('created')}>{when(r.createdAt)}</Td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
    </Card>
  );
}

export async function EmailsCard({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { when } = reviewFormat(locale);
  return (
    <Card title={t('emails')}>
      <Table cards head={[t('template'), t('to'), t('status'), t('sentAt'), '']}>
        {view.booking.emails.map((e) => (
          <tr key={e.id}>
            <Td label={t('template')}>{labelOf(t, `emailKind.${e.template}`, e.template)}</Td>
            <Td label={t('to')} className="[overflow-wrap:anywhere]">{e.toAddress}</Td>
            <Td label={t('status')}><Badge tone={statusTone(e.status)}>{t(`emailStatus.${e.status}`)}</Badge></Td>
            <Td label={t('sentAt')}>{when(e.sentAt)}</Td>
            <Td>
              <ResendEmailForm bookingId={view.booking.id} emailId={e.id} />
            </Td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

export async function PaymentsAndEmails({ view }: { view: BookingReviewView }) {
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <PaymentsCard view={view} />
      <EmailsCard view={view} />
    </div>
  );
}

export async function NotesAndHistory({ view }: { view: BookingReviewView }) {
  const [t, ta, locale] = await Promise.all([getTranslations('admin.review'), getTranslations('admin.auditActions'), getLocale()]);
  const { when } = reviewFormat(locale);
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <Card title={t('notes')}>
        <AddNoteForm bookingId={view.booking.id} />
        <ul className="mt-4 space-y-2 text-sm">
          {view.booking.notes.map((n) => (
            <li key={n.id} className="rounded bg-slate-50 p-2">
              <p className="whitespace-pre-wrap">{n.text}</p>
              <p className="text-xs text-slate-600">{`${n.authorEmail ?? '—'} · ${when(n.createdAt)}`}</p>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('history')}>
        <ul className="space-y-1 text-sm">
          {view.audit.map((a) => (
            <li key={a.id}>
              <span className="font-semibold">{auditActionLabel(ta, a.action)}</span> · {a.actorEmail ?? t('system')} · {when(a.createdAt)}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** The signed agreement as the customer signed it, with where it was signed from. */
export async function AgreementCard({ view }: { view: BookingReviewView }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { when } = reviewFormat(locale);
  const b = view.booking;
  return (
    <Card title={t('agreement')} className="mt-6">
      <p className="mb-2 text-sm">{t('signedBy', { name: b.agreementSignature, time: when(b.agreementSignedAt) })}</p>
      <p className="mb-2 text-xs text-slate-600">{t('signedFrom', { ip: b.agreementSignedIp ?? '—', browser: b.agreementSignedUa ?? '—' })}</p>
      {/* What the customer was told when they agreed (docs/product-rules.md#personal-data-pdpa). */}
      {b.privacyNoticeVersion ? (
        <p className="mb-2 text-xs text-slate-600">{t('privacyNotice', { version: b.privacyNoticeVersion, language: (b.privacyNoticeLocale ?? '').toUpperCase() })}</p>
      ) : null}
      {view.agreementHtml ? (
        <div className="prose max-h-96 max-w-none overflow-y-auto rounded border p-3 text-sm" dangerouslySetInnerHTML={{ __html: view.agreementHtml }} />
      ) : null}
    </Card>
  );
}
