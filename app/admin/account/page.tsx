import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { decryptTotpSecret, totpUri } from '@/lib/auth/totp';
import { totpQrSvg } from '@/lib/auth/totp-qr';
import { ActionForm } from '../_components/action-form';
import { Card, Field, inputClass, PageTitle } from '../_components/ui';
import { beginTwoFactor, changePassword, confirmTwoFactor, createRecoveryCodes, disableTwoFactor } from './actions';
import { RecoveryCodesForm } from './recovery-codes-form';
import { unusedRecoveryCodes } from '@/lib/auth/recovery-codes';
import { ownAccount } from '@/lib/admin/section-reads';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.account'))('title') };
}

/** The signed-in staff member's own password and two-factor sign-in. */
export default async function AccountPage() {
  const { user: staff, db } = await adminPage('account');
  const t = await getTranslations('admin.account');
  const user = await ownAccount(db, staff.id);
  const pendingSecret = !user.totpEnabledAt && user.totpSecret ? decryptTotpSecret(user.totpSecret) : null;
  const [tq, qr, codesLeft] = await Promise.all([
    getTranslations('staffTools.twoFactor'),
    pendingSecret ? totpQrSvg(totpUri(pendingSecret, user.email)) : null,
    user.totpEnabledAt ? unusedRecoveryCodes(db, user.id) : 0,
  ]);
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('password')}>
          <ActionForm action={changePassword} submit={t('changePassword')}>
            <Field label={t('currentPassword')}>
              <input name="current" type="password" autoComplete="current-password" required className={inputClass} />
            </Field>
            <Field label={t('newPassword')} hint={t('passwordHint')}>
              <input name="next" type="password" autoComplete="new-password" minLength={10} required className={inputClass} />
            </Field>
          </ActionForm>
        </Card>
        <Card title={t('twoFactor')}>
          {user.totpEnabledAt ? (
            <>
              <p className="mb-3 text-sm">{t('twoFactorOn')}</p>
              <section aria-labelledby="recovery-codes" className="mb-4 border-t border-slate-200 pt-3">
                <h3 id="recovery-codes" className="mb-1 font-semibold">{tq('recoveryTitle')}</h3>
                <p className="mb-2 text-sm">{codesLeft ? tq('recoveryLeft', { count: codesLeft }) : tq('recoveryNone')}</p>
                <p className="mb-2 text-sm text-slate-700">{tq('recoveryIntro')}</p>
                <RecoveryCodesForm action={createRecoveryCodes} texts={{ code: t('code'), submit: codesLeft ? tq('recoveryReplace') : tq('recoveryCreate'), shown: tq('recoveryShown'), codesLabel: tq('recoveryTitle') }} />
              </section>
              <ActionForm action={disableTwoFactor} submit={t('disable')} danger>
                <Field label={t('code')} hint={t('disableHint')}>
                  <input name="code" inputMode="numeric" autoComplete="one-time-code" required className={inputClass} />
                </Field>
              </ActionForm>
            </>
          ) : pendingSecret ? (
            <>
              <p className="mb-2 text-sm">{tq('scanSteps')}</p>
              {qr ? (
                <div
                  role="img"
                  aria-label={tq('qrLabel')}
                  data-testid="totp-qr"
                  className="mb-3 w-48 max-w-full rounded border border-slate-200 bg-white [&_svg]:h-auto [&_svg]:w-full"
                  // an SVG the qrcode library drew on the server from our own set-up address: no user input in it
                  dangerouslySetInnerHTML={{ __html: qr }}
                />
              ) : null}
              <p className="mb-2 text-sm">{t('setupSteps')}</p>
              <p className="mb-1 text-sm font-medium">{t('secret')}</p>
              <p className="mb-2 break-all rounded bg-slate-100 p-2 font-mono text-sm" data-testid="totp-secret">{pendingSecret}</p>
              <p className="mb-1 text-sm font-medium">{t('uri')}</p>
              <p className="mb-3 break-all rounded bg-slate-100 p-2 font-mono text-xs">{totpUri(pendingSecret, user.email)}</p>
              <ActionForm action={confirmTwoFactor} submit={t('confirm')}>
                <Field label={t('code')}>
                  <input name="code" inputMode="numeric" autoComplete="one-time-code" required className={inputClass} />
                </Field>
              </ActionForm>
            </>
          ) : (
            <>
              <p className="mb-3 text-sm">{user.role === 'admin' ? t('twoFactorAdvisedAdmin') : t('twoFactorOff')}</p>
              <ActionForm action={beginTwoFactor} submit={t('setUp')} success={t('setupStarted')} />
            </>
          )}
        </Card>
      </div>
    </>
  );
}
