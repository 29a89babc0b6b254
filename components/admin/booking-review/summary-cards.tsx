import { getLocale, getTranslations } from 'next-intl/server';
import { Badge, Card, Dl } from '@/app/admin/_components/ui';
import { revealPinAction } from '@/app/admin/booking-review/access-actions';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { languageName } from '@/lib/admin/labels';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatTaxBranch } from '@/lib/invoices/tax-branch';
import { formatThaiPhone } from '@/lib/format/phone';
import { reviewFormat } from './format';
import { PinReveal } from './pin-reveal';

/** The booking's dates, its customer and what they chose (with the gate PIN on request). */
export async function SummaryCards({ view }: { view: BookingReviewView }) {
  const [t, ts, tm, tl, locale] = await Promise.all([getTranslations('admin.review'), getTranslations('admin.dashboard'), getTranslations('moveIn'), getTranslations('lifecycle'), getLocale()]);
  // The customer's language by name, in the staff member's language ("Thai", "ไทย"), not its code.
  const tlang = await getTranslations('languageSwitcher');
  const { money, dates, when } = reviewFormat(locale);
  const b = view.booking;
  const c = b.customer;
  return (
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
            [t('locale'), languageName(tlang, b.locale)],
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
            [t('phone'), formatThaiPhone(c.phone)],
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
              // The PIN only on request, each view audited (docs/product-rules.md#identity-and-gate-access).
              b.gatePinCipher ? <PinReveal key="pin" action={revealPinAction} bookingId={b.id} texts={{ hidden: tm('admin.pinHidden'), show: tm('admin.showPin') }} /> : tm('admin.pinNone'),
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
  );
}
