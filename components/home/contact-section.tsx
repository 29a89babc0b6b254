import { getTranslations } from 'next-intl/server';
import { instagramUrl, lineUrl, messengerUrl, whatsappUrl, type ContactSettings, type HoursSettings } from '@/lib/settings';
import { officeHoursValues } from '@/lib/site-data/site-settings';
import { trackAttributes } from '@/lib/analytics/attributes';
import { OpenAssistantButton } from '@/components/chat/open-assistant-button';
import { ClockIcon, PhoneIcon, PinIcon, ShieldIcon } from './icons';

type Channel = { key: 'whatsapp' | 'line' | 'messenger' | 'instagram'; href: string; detail: string; tone: string };

function channels(contact: ContactSettings, greeting: string): Channel[] {
  return [
    { key: 'whatsapp', href: whatsappUrl(contact, greeting), detail: contact.phone, tone: 'bg-[#0e7a3f]' },
    { key: 'line', href: lineUrl(contact), detail: contact.line, tone: 'bg-[#06813d]' },
    { key: 'messenger', href: messengerUrl(contact), detail: contact.messenger, tone: 'bg-[#0866c6]' },
    { key: 'instagram', href: instagramUrl(contact), detail: `@${contact.instagram}`, tone: 'bg-[#c13584]' },
  ];
}

/** Contact section (chat cards, office hours, gate access, call and map) with the Live Support panel beside it. */
export async function ContactSection({ contact, hours }: { contact: ContactSettings; hours: HoursSettings }) {
  const [t, th, officeHours] = await Promise.all([getTranslations('contact'), getTranslations('header'), officeHoursValues(hours, 'long', true)]);
  const list = channels(contact, th('whatsappGreeting'));
  const newTab = t('opensNewTab');

  // Rendered with the page, not when it comes near the screen (render-when-visible): it is the last section before the
  // footer, so a jump to the footer (End, a quick fling) brought it on screen at its real height, 330–440 px taller
  // than its placeholder on a phone, and the footer moved down from under the visitor's finger.
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-4 bg-brand-50 py-14">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 id="contact-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('title')}
          </h2>
          <p className="mt-2 text-slate-700">{t('subtitle')}</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {list.map((c) => (
              <li key={c.key}>
                <a
                  href={c.href}
                  {...trackAttributes('chat_platform_click', { platform: c.key, source: 'contact' })}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600"
                >
                  <span aria-hidden="true" className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white ${c.tone}`}>
                    {t(`${c.key}.name`).charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t(`${c.key}.name`)}</span>
                    <span className="block text-sm text-slate-700">{t(`${c.key}.text`)}</span>
                    <span className="block text-sm text-slate-600">{c.detail}</span>
                    <span className="sr-only"> {newTab}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <ClockIcon /> {t('hoursTitle')}
              </h3>
              <p className="mt-1 text-slate-700">{t('officeHours', officeHours)}</p>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <ShieldIcon /> {t('gateTitle')}
              </h3>
              <p className="mt-1 text-slate-700">{t('gateAccess')}</p>
            </div>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={`tel:${contact.phoneHref}`} className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
              <PhoneIcon /> {t('call', { phone: contact.phone })}
            </a>
            <a
              href={contact.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md border border-brand-700 bg-white px-4 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              <PinIcon /> {t('map')}
              <span className="sr-only"> {newTab}</span>
            </a>
          </div>
          <p className="mt-3 text-sm text-slate-700">{contact.address}</p>
        </div>
        <LiveSupport list={list} />
      </div>
    </section>
  );
}

async function LiveSupport({ list }: { list: Channel[] }) {
  const [t, tc] = await Promise.all([getTranslations('contact'), getTranslations('chat')]);
  return (
    <aside aria-labelledby="live-support-title" className="rounded-xl bg-brand-900 p-6 text-white shadow-lg">
      <h2 id="live-support-title" className="flex items-center gap-2 text-xl font-bold">
        <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-green-400" />
        {t('liveSupport.title')}
      </h2>
      <p className="mt-2 text-sm text-brand-50">{t('liveSupport.subtitle')}</p>
      <ul className="mt-5 space-y-2">
        {list.map((c) => (
          <li key={c.key}>
            <a
              href={c.href}
              {...trackAttributes('chat_platform_click', { platform: c.key, source: 'live_support' })}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center justify-between rounded-lg bg-white/10 px-4 py-3 font-medium hover:bg-white/20">
              {t(`${c.key}.name`)}
              <span aria-hidden="true">→</span>
              <span className="sr-only"> {t('opensNewTab')}</span>
            </a>
          </li>
        ))}
        <li>
          {/* Opens the floating widget's assistant (its code loads on this click). */}
          <OpenAssistantButton className="block w-full rounded-lg bg-white/10 px-4 py-3 text-left hover:bg-white/20">
            <span className="flex items-center justify-between font-medium">
              <span>{tc('liveSupport.ai')}</span>
              <span aria-hidden="true">→</span>
            </span>
            <span className="mt-1 block text-sm text-brand-50">{tc('liveSupport.aiText')}</span>
          </OpenAssistantButton>
        </li>
      </ul>
    </aside>
  );
}
