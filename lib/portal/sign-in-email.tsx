import 'server-only';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/routing';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { SignInLinkEmail } from '@/emails/sign-in-link';
import { renderAndSend } from '@/lib/platform/mail/send';
import { emailFooter } from '@/lib/email/site';

/** The 'My Storage' one-time sign-in link (lib/portal/sign-in-link.ts makes the token and decides who gets one). */
export async function sendPortalSignInLink(db: Db, i: { to: string; locale: string; token: string; dedupeKey: string; minutes: number }) {
  const l = toLocale(i.locale);
  const t = await approvedTranslator(db, l, 'portalEmails');
  const href = `${env().SITE_URL}${localizedPath(l, '/my-booking/sign-in')}?token=${i.token}`;
  const element = (
    <SignInLinkEmail
      lang={l}
      preview={t('signIn.subject')}
      heading={t('signIn.heading')}
      body={t('signIn.body')}
      button={t('signIn.button')}
      href={href}
      expiry={t('signIn.expiry', { minutes: i.minutes })}
      ignore={t('signIn.ignore')}
      footer={await emailFooter(db, await approvedTranslator(db, l, 'emails'), l)}
    />
  );
  return renderAndSend(db, element, { dedupeKey: i.dedupeKey, template: 'portal_sign_in', locale: l, to: i.to, subject: t('signIn.subject') });
}
