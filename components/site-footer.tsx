import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath, toLocale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { getSiteSettings, officeHoursValues } from '@/lib/site-data/site-settings';
import { LegalDialogButton } from './legal/legal-dialog-button';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from './home/icons';
import { gtmId } from '@/lib/analytics/gtm';
import { CONSENT_SETTINGS_HASH } from '@/lib/privacy/consent-cookie';

/** Site footer: contact, hours, links, the Terms & Conditions and Privacy Policy dialogs and the copyright. */
export async function SiteFooter() {
  const [locale, t, tn, tl, tc, { contact, hours }] = await Promise.all([
    getLocale().then(toLocale),
    getTranslations('footer'),
    getTranslations('nav'),
    getTranslations('legalDialogs'),
    getTranslations('consent'),
    getSiteSettings(),
  ]);
  const placeholder = tl('placeholder', { phone: contact.phone, email: contact.email });
  const linkButton = 'text-left text-slate-300 underline-offset-2 hover:text-white hover:underline';

  return (
    <footer className="bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-base font-bold text-white">{tn('brand')}</p>
          <p className="mt-2">{t('tagline')}</p>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('contactTitle')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={`tel:${contact.phoneHref}`} className="inline-flex items-center gap-2 hover:text-white">
                <PhoneIcon />
                <span className="sr-only">{t('phone')}</span>
                {contact.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-2 break-all hover:text-white">
                <MailIcon />
                <span className="sr-only">{t('email')}</span>
                {contact.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <PinIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={contact.mapUrl} target="_blank" rel="noopener noreferrer" className="hover:text-white">
                {contact.address}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('hoursTitle')}</h2>
          <p className="mt-3 flex items-center gap-2">
            <ClockIcon />
            {t('officeHours', await officeHoursValues(hours, 'short'))}
          </p>
          <p className="mt-2">{t('gateAccess')}</p>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('linksTitle')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link href="/#units" className="hover:text-white">
                {tn('unitsPricing')}
              </Link>
            </li>
            <li>
              <Link href="/faq" className="hover:text-white">
                {tn('faq')}
              </Link>
            </li>
            <li>
              <Link href="/my-booking" className="hover:text-white">
                {tn('myStorage')}
              </Link>
            </li>
            <li>
              <LegalDialogButton
                type="terms_conditions"
                href={`${localizedPath(locale, '/legal')}#terms`}
                className={linkButton}
                labels={{ button: t('terms'), title: t('terms'), loading: tl('loading'), placeholder }}
              />
            </li>
            <li>
              <LegalDialogButton
                type="privacy_policy"
                href={`${localizedPath(locale, '/legal')}#privacy`}
                className={linkButton}
                labels={{ button: t('privacy'), title: t('privacy'), loading: tl('loading'), placeholder }}
              />
            </li>
            {gtmId() ? (
              <li>
                {/* Opens the cookie choice again (components/analytics/consent-manager-loader.tsx). A link to
                    #cookie-settings, so a tap before the page's scripts have run is kept in the address and read when
                    they start; from then on the loader's listener takes the tap and the link goes nowhere. */}
                <a href={`#${CONSENT_SETTINGS_HASH}`} role="button" data-consent-settings className={linkButton}>
                  {tc('settings')}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-400">{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
