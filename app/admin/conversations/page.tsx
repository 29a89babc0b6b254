import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { languageName } from '@/lib/admin/labels';
import { listConversations } from '@/lib/chat/staff';
import { isChatStatus } from '@/lib/chat/types';
import { AutoRefresh } from './_components/auto-refresh';
import { formatWhen, StatusBadge } from './_components/format';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chatAdmin'))('title') };
}

const FILTERS = ['all', 'waiting', 'active', 'taken_over', 'closed'] as const;

/** Staff list of assistant conversations, newest activity first; "waiting" = the visitor wrote last. */
export default async function ConversationsPage({ searchParams }: { searchParams: Promise<{ show?: string }> }) {
  const { db } = await adminPage('conversations');
  const [{ show }, t, tlang, locale] = await Promise.all([searchParams, getTranslations('chatAdmin'), getTranslations('languageSwitcher'), getLocale()]);
  const filter = FILTERS.find((f) => f === show) ?? 'all';
  const all = await listConversations(db, { status: isChatStatus(filter) ? filter : undefined, take: 200 });
  const rows = filter === 'waiting' ? all.filter((c) => c.awaitingReply && c.status !== 'closed') : all;

  return (
    <>
      <AutoRefresh />
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t('intro')}</p>
      <nav aria-label={t('filters.label')} className="mt-4 flex flex-wrap gap-2 text-sm">
        {FILTERS.map((f) => (
          <Link
            key={f}
            href={f === 'all' ? '/admin/conversations' : `/admin/conversations?show=${f}`}
            aria-current={f === filter ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${f === filter ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            {t(`filters.${f}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left">
            <tr>
              {(['lastActivity', 'status', 'language', 'messages', 'visitor', 'last'] as const).map((c) => (
                <th key={c} scope="col" className="px-3 py-2 font-semibold text-slate-700">
                  {t(`columns.${c}`)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('open')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((c) => (
              <tr key={c.id} className={c.awaitingReply && c.status !== 'closed' ? 'bg-amber-50' : undefined}>
                <td className="whitespace-nowrap px-3 py-2">{formatWhen(c.lastMessageAt, locale)}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={c.status} label={t(`status.${c.status}`, { name: c.takenOverBy ?? '—' })} />
                  {c.awaitingReply && c.status !== 'closed' ? <span className="ml-2 text-xs font-semibold text-amber-900">{t('waitingBadge')}</span> : null}
                </td>
                <td className="px-3 py-2">{languageName(tlang, c.locale)}</td>
                <td className="px-3 py-2">{c.messageCount}</td>
                <td className="max-w-xs truncate px-3 py-2">{c.lastVisitorMessage ?? ''}</td>
                <td className="max-w-xs truncate px-3 py-2 text-slate-700">
                  {c.lastMessage ? `${t(`sender.${c.lastMessage.sender}`, { name: c.takenOverBy ?? '—' })}: ${c.lastMessage.text}` : ''}
                </td>
                <td className="px-3 py-2">
                  <Link href={`/admin/conversations/${c.id}`} className="font-semibold text-brand-800 underline">
                    {t('open')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="px-3 py-4 text-slate-600">{t('empty')}</p> : null}
      </div>
    </>
  );
}
