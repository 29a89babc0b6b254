import { getTranslations } from 'next-intl/server';
import { PortalForm } from '@/app/[locale]/my-booking/_components/portal-form';
import { updateContactAction } from '@/app/[locale]/my-booking/actions';
import { TaxBranchFields } from '@/components/tax-branch/tax-branch-fields';
import { taxBranchChoice } from '@/lib/validation/tax-branch';
import { localizedPath } from '@/lib/i18n/routing';
import { portalInput, type PortalSectionProps } from './context';
import { BookingRef } from './booking-ref';

/** The customer's phone, WhatsApp, address and (for a business) tax branch; the email is changed by staff only. */
export async function ContactSection({ view, token }: PortalSectionProps) {
  const [t, tb] = await Promise.all([getTranslations('portal'), getTranslations('taxBranch')]);
  const c = view.booking.customer;
  const branch = taxBranchChoice(c.taxBranch);
  return (
    <section className="rounded-2xl border border-gray-200 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{t('contact.title')}</h2>
      <p className="mt-1 text-sm text-gray-600">{t('contact.emailNote', { email: c.email })}</p>
      <div className="mt-3">
        <PortalForm action={updateContactAction} submit={t('contact.save')} working={t('working')} success={t('contact.saved')}>
          <BookingRef reference={view.booking.reference} token={token} />
          <label className="block text-sm font-medium text-gray-900">
            {t('contact.phone')}
            <input name="phone" type="tel" required defaultValue={c.phone} autoComplete="tel" maxLength={30} className={portalInput} />
          </label>
          <label className="block text-sm font-medium text-gray-900">
            {t('contact.whatsapp')}
            <input name="whatsapp" type="tel" defaultValue={c.whatsapp ?? ''} maxLength={30} className={portalInput} />
          </label>
          <label className="block text-sm font-medium text-gray-900">
            {t('contact.address')}
            <textarea name="address" required rows={2} defaultValue={c.address} maxLength={300} className={portalInput} />
          </label>
          {c.type === 'business' ? (
            <TaxBranchFields
              texts={{ legend: tb('legend'), hint: tb('saved'), headOffice: tb('headOffice'), branch: tb('branch'), branchNumber: tb('branchNumber'), branchNumberHint: tb('branchNumberHint') }}
              defaultKind={branch.kind}
              defaultNumber={branch.number}
              inputClassName={portalInput}
            />
          ) : null}
        </PortalForm>
      </div>
    </section>
  );
}

/** The signed agreement, reached with the same token. */
export async function AgreementLink({ view, locale, token }: PortalSectionProps) {
  const t = await getTranslations('portal');
  const href = `${localizedPath(locale, `/my-booking/${view.booking.reference}/agreement`)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return (
    <p className="text-sm">
      <a href={href} className="text-brand-800 underline">{t('agreement.link')}</a>
    </p>
  );
}
