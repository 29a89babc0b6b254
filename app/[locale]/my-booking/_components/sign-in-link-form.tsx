import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { PortalForm } from './portal-form';
import { requestSignInLinkAction } from '../actions';

/** "My Storage": the email field that asks for a one-time sign-in link (the sign-in page and an expired link's page). */
export async function SignInLinkForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'portal' });
  return (
    <PortalForm action={requestSignInLinkAction} submit={t('signIn.send')} working={t('working')} success={t('signIn.sent')}>
      <label className="block text-sm font-medium text-gray-900">
        {t('signIn.email')}
        <input name="email" type="email" required autoComplete="email" maxLength={254} className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2" />
      </label>
    </PortalForm>
  );
}
