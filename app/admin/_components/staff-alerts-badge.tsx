import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AdminScope } from '@/lib/admin/guard';
import { alertCounts } from '@/lib/staff-alerts';

/**
 * What waits for staff, as one count beside the navigation (docs/product-rules.md#staff-alerts): new bookings, slips
 * to check, cash arrivals due today, chats waiting for a person, failed jobs. Opens /admin/notifications.
 */
export async function StaffAlertsBadge({ db }: { db: AdminScope['db'] }) {
  const [{ total }, t] = await Promise.all([alertCounts(db), getTranslations('staffAlerts.badge')]);
  return (
    <div className="mx-auto flex max-w-7xl justify-end px-4 pt-2 text-sm">
      <Link href="/admin/notifications" aria-label={t('aria', { count: total })} className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700 hover:border-brand-700">
        {t('label')}
        <span data-testid="staff-alerts-count" className={`rounded-full px-2 text-xs font-bold ${total ? 'bg-red-600 text-white' : 'bg-slate-200 text-slate-700'}`}>
          {total}
        </span>
      </Link>
    </div>
  );
}
