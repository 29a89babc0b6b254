import { getTranslations } from 'next-intl/server';

/**
 * Asks the customer of an unpaid hold to confirm their email address from the emailed link; the hold's length does not
 * depend on it (docs/product-rules.md#holds). The success pages show it above the hold's end time. A booking on the
 * reserve holds no unit, so its words promise none (docs/product-rules.md#inventory).
 */
export async function HoldConfirmationNotice({ email, onReserve = false }: { email: string; onReserve?: boolean }) {
  const t = await getTranslations('holds.notice');
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 [overflow-wrap:anywhere]">
      <h3 className="font-semibold">{t('title')}</h3>
      <p className="mt-1 text-sm">{onReserve ? t('bodyReserve', { email }) : t('body', { email })}</p>
    </div>
  );
}
