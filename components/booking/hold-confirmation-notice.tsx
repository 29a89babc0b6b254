import { getTranslations } from 'next-intl/server';
import { UNCONFIRMED_HOLD_MS } from '@/lib/booking/holds';

/**
 * Tells the customer of an unpaid hold that it only lasts once confirmed from the emailed link
 * (docs/product-rules.md#holds). The success pages show it above the hold's end time.
 */
export async function HoldConfirmationNotice({ email }: { email: string }) {
  const t = await getTranslations('holds.notice');
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 [overflow-wrap:anywhere]">
      <h3 className="font-semibold">{t('title')}</h3>
      <p className="mt-1 text-sm">{t('body', { email, minutes: UNCONFIRMED_HOLD_MS / 60_000 })}</p>
    </div>
  );
}
