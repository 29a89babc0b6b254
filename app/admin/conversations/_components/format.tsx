import type { ChatStatus } from '@/lib/chat/types';
import { adminDates } from '@/lib/dates/admin-dates';

/** Date and time as staff in Phuket read them. */
export function formatWhen(date: Date, locale: string): string {
  return adminDates(locale).dateTime(date);
}

const TONE: Record<ChatStatus, string> = {
  active: 'bg-sky-100 text-sky-900',
  taken_over: 'bg-green-100 text-green-900',
  closed: 'bg-slate-100 text-slate-800',
};

export function StatusBadge({ status, label }: { status: ChatStatus; label: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[status]}`}>
      {label}
    </span>
  );
}
