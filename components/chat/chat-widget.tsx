import { getLocale, getTranslations } from 'next-intl/server';
import { getSiteSettings } from '@/lib/site-data/site-settings';
import { lineUrl, messengerUrl, whatsappUrl } from '@/lib/settings';
import { toLocale } from '@/lib/i18n/translator';
import { CHAT_LIMITS } from '@/lib/chat/limits';
import { ChatLauncher } from './chat-launcher';
import type { ChatTexts } from './texts';

/** The floating chat button of every public page, with its texts and the channel links from the settings. */
export async function ChatWidget() {
  const [t, th, locale, { contact }] = await Promise.all([getTranslations('chat'), getTranslations('header'), getLocale(), getSiteSettings()]);
  const launcherKeys = ['open', 'menuTitle', 'ai', 'aiText', 'whatsapp', 'whatsappText', 'opensNewTab'] as const;
  const panelKeys = ['title', 'subtitle', 'close', 'inputLabel', 'placeholder', 'send', 'thinking', 'you', 'assistant', 'staff', 'staffJoined', 'closed', 'newChat', 'retry', 'loading', 'hint', 'humanPrefer'] as const;
  const texts: ChatTexts = {
    launcher: Object.fromEntries(launcherKeys.map((k) => [k, t(`launcher.${k}`)])) as ChatTexts['launcher'],
    panel: { ...(Object.fromEntries(panelKeys.map((k) => [k, t(`panel.${k}`)])) as Omit<ChatTexts['panel'], 'counter'>), counter: t.raw('panel.counter') as string },
    errors: { init: t('errors.init'), reply: t('errors.reply'), tooLong: t('errors.tooLong', { max: CHAT_LIMITS.messageLength }) },
  };
  const channels = { whatsapp: whatsappUrl(contact, th('whatsappGreeting')), line: lineUrl(contact), messenger: messengerUrl(contact) };
  return <ChatLauncher locale={toLocale(locale)} texts={texts} channels={channels} maxLength={CHAT_LIMITS.messageLength} />;
}
