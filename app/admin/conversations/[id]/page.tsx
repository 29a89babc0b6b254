import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { labelOf, languageName } from '@/lib/admin/labels';
import { getConversationForStaff } from '@/lib/chat/staff';
import { AutoRefresh } from '../_components/auto-refresh';
import { ActionButton } from '../_components/action-button';
import { ReplyForm } from '../_components/reply-form';
import { formatWhen, StatusBadge } from '../_components/format';
import { closeChat, releaseChat, replyToChat, takeOverChat } from '../actions';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chatAdmin'))('title') };
}

const BUBBLE = {
  user: 'mr-auto bg-white border border-slate-200',
  ai: 'ml-auto bg-sky-50 border border-sky-200',
  staff: 'ml-auto bg-green-50 border border-green-200',
} as const;

/** One conversation: the transcript, take over / hand back / close, and the reply box. */
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { db } = await adminPage('conversations');
  const [{ id }, t, tlang, locale] = await Promise.all([params, getTranslations('chatAdmin'), getTranslations('languageSwitcher'), getLocale()]);
  const c = id.length <= 40 ? await getConversationForStaff(db, id) : null;
  if (!c) notFound();
  const staffName = c.takenOverBy ? (c.takenOverBy.name ?? c.takenOverBy.email) : null;

  return (
    <>
      <AutoRefresh />
      <Link href="/admin/conversations" className="text-sm text-brand-800 underline">
        ← {t('back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t('conversationTitle', { date: formatWhen(c.createdAt, locale) })}</h1>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {t('meta', { language: languageName(tlang, c.locale), platform: labelOf(t, `platforms.${c.platform}`, c.platform) })}
        <StatusBadge status={c.status} label={t(`status.${c.status}`, { name: staffName ?? '—' })} />
      </p>

      <ol aria-label={t('title')} className="mt-6 flex max-w-3xl flex-col gap-3">
        {c.messages.map((m) => (
          <li key={m.id} className={`max-w-[85%] rounded-lg px-3 py-2 ${BUBBLE[m.sender]}`}>
            <p className="text-xs font-semibold text-slate-600">
              {t(`sender.${m.sender}`, { name: m.staffName ?? '—' })} · {formatWhen(m.createdAt, locale)}
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words">{m.text}</p>
          </li>
        ))}
      </ol>

      <div className="mt-6 max-w-3xl space-y-4">
        {c.status === 'closed' ? (
          <p className="rounded-md border border-slate-200 bg-white p-3 text-slate-700">{t('closedNote')}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-start gap-3">
              {c.status === 'active' ? <ActionButton run={takeOverChat} conversationId={c.id} label={t('takeOver')} /> : null}
              {c.status === 'taken_over' ? <ActionButton run={releaseChat} conversationId={c.id} label={t('release')} tone="plain" /> : null}
              <ActionButton run={closeChat} conversationId={c.id} label={t('close')} tone="plain" />
            </div>
            {c.status === 'active' ? <p className="text-sm text-slate-600">{t('takeOverHint')}</p> : null}
            <ReplyForm run={replyToChat} conversationId={c.id} texts={{ label: t('replyLabel'), hint: t('replyHint'), send: t('send'), sent: t('sent') }} />
          </>
        )}
        <p className="text-xs text-slate-500">{t('autoRefresh')}</p>
      </div>
    </>
  );
}
