import { getTranslations } from 'next-intl/server';
import { getRequestLocale } from '@/lib/i18n/request-locale';
import { Link } from '@/lib/i18n/link';
import { localizedHref } from '@/lib/i18n/href';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { getSiteSettings, officeHoursValues } from '@/lib/site-data/site-settings';
import { whatsappUrl } from '@/lib/settings';
import { trackAttributes } from '@/lib/analytics/attributes';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu } from './home/mobile-menu';
import { LegalDialogButton } from './legal/legal-dialog-button';
import { ChatIcon, ClockIcon, PhoneIcon, PinIcon } from './home/icons';

/** Site header: contact bar, navigation, contract preview, WhatsApp and language. Server-rendered except the islands. */
export async function SiteHeader() {
  const [t, tn, tl, tlang, locale, { contact, hours }] = await Promise.all([
    getTranslations('header'),
    getTranslations('nav'),
    getTranslations('legalDialogs'),
    getTranslations('languageSwitcher'),
    getRequestLocale(),
    getSiteSettings(),
  ]);
  const hoursText = t('hours', await officeHoursValues(hours, 'short'));
  const links = [
    { href: '/', label: tn('home') },
    { href: '/#units', label: tn('unitsPricing') },
    { href: '/greenbox', label: tn('boxRental') },
    { href: '/faq', label: tn('faq') },
    { href: '/space-calculator', label: tn('spaceCalculator') },
    // Customers sign in to their bookings here (docs/product-rules.md#links-that-no-longer-open).
    { href: '/my-booking', label: tn('myStorage') },
  ];
  const whatsapp = whatsappUrl(contact, t('whatsappGreeting'));
  const contractLabels = {
    button: t('previewContract'),
    title: tl('contractTitle'),
    loading: tl('loading'),
    placeholder: tl('contractPlaceholder', { phone: contact.phone, email: contact.email }),
    note: tl('contractNote'),
  };

  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <div className="bg-brand-900 text-xs text-brand-50 sm:text-sm">
        {/* Phone, address and hours stack on phones: on one line they would fit or wrap depending on the font. The
            address keeps to one line and ends in an ellipsis where the screen is too narrow for all of it. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-y-1 px-4 py-1.5 sm:flex-row sm:items-center sm:justify-between sm:gap-x-4">
          <a href={`tel:${contact.phoneHref}`} className="inline-flex w-fit shrink-0 items-center gap-1.5 font-medium hover:underline">
            <PhoneIcon className="h-3.5 w-3.5" />
            <span className="sr-only">{t('phoneLabel')}</span>
            {contact.phone}
          </a>
          <span className="flex min-w-0 items-center gap-1.5" title={contact.address}>
            <PinIcon className="h-3.5 w-3.5 shrink-0" />
            <span className="sr-only">{t('addressLabel')}</span>
            <span className="truncate">{contact.address}</span>
          </span>
          <span className="inline-flex shrink-0 items-center gap-1.5">
            <ClockIcon className="h-3.5 w-3.5" />
            <span className="sr-only">{t('hoursLabel')}</span>
            {hoursText}
          </span>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:gap-3">
        {/* On narrow phones the name wraps instead of pushing the menu button off screen. */}
        <Link href="/" className="min-w-0 text-base leading-tight font-bold text-brand-800 sm:text-lg">
          {tn('brand')}
        </Link>
        <nav aria-label={tn('mainNavigation')} className="hidden items-center gap-5 text-sm font-medium text-slate-700 lg:flex">
          {links.map((l) => (
            <Link key={l.href} href={l.href} className="hover:text-brand-700">
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <LegalDialogButton
            type="rental_agreement"
            labels={contractLabels}
            className="hidden rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 lg:inline-flex"
          />
          <a
            href={whatsapp}
            {...trackAttributes('chat_platform_click', { platform: 'whatsapp', source: 'header' })}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('whatsappLabel')}
            className="inline-flex items-center gap-1.5 rounded-md bg-[#0e7a3f] px-2.5 py-1.5 text-sm font-semibold text-white hover:bg-[#0b6633]"
          >
            <ChatIcon className="h-5 w-5" />
            <span className="hidden sm:inline">{t('whatsapp')}</span>
          </a>
          <LanguageSwitcher
            current={locale}
            label={tlang('label')}
            names={Object.fromEntries(LOCALES.map((l) => [l, tlang(l)])) as Record<Locale, string>}
          />
          <MobileMenu
            links={[...links, { href: '/mobile-features', label: tn('mobileFeatures') }].map((l) => ({ ...l, href: localizedHref(locale, l.href) }))}
            labels={{ open: tn('openMenu'), close: tn('closeMenu'), title: tn('menu') }}
            extra={
              <div className="space-y-3 text-sm text-slate-700">
                <LegalDialogButton
                  type="rental_agreement"
                  labels={contractLabels}
                  className="w-full rounded-md border border-brand-700 px-3 py-2 font-medium text-brand-800 hover:bg-brand-50"
                />
                <a href={`tel:${contact.phoneHref}`} className="flex items-center gap-2 hover:text-brand-700">
                  <PhoneIcon /> {contact.phone}
                </a>
                <p className="flex items-center gap-2">
                  <ClockIcon /> {hoursText}
                </p>
                <p className="flex items-start gap-2">
                  <PinIcon className="mt-0.5 h-4 w-4 shrink-0" /> {contact.address}
                </p>
              </div>
            }
          />
        </div>
      </div>
    </header>
  );
}
