'use client';

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { track } from '@/lib/analytics/track';
import type { Locale } from '@/lib/i18n/routing';
import type { ChatErrorBody, ChatMessageView, ChatStatus, ChatStreamEvent, ConversationView } from '@/lib/chat/types';
import { CHAT_LIMITS } from '@/lib/chat/limits';
import { MessageText } from './message-text';
import type { ChatChannels, ChatTexts } from './texts';

/** A message on screen: stored ones have the server's id; `local` ones (a pending question, an apology) do not. */
type Shown = ChatMessageView & { local?: 'pending' | 'apology' };

type Phase = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; id: string };

async function readError(res: Response, fallback: string): Promise<ChatErrorBody> {
  try {
    const body = (await res.json()) as Partial<ChatErrorBody>;
    if (typeof body.message === 'string' && typeof body.error === 'string') return body as ChatErrorBody;
  } catch {
    // not JSON (a proxy's error page)
  }
  return { error: 'unknown', message: fallback };
}

/** Opens or resumes the visitor's conversation (the session cookie says which). */
async function openConversation(locale: Locale, initError: string): Promise<{ ok: true; conversation: ConversationView } | { ok: false; message: string }> {
  try {
    const res = await fetch('/api/chat/conversations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: locale }),
    });
    if (!res.ok) {
      // A rate limit says how long to wait; anything else is the spec's message.
      return { ok: false, message: res.status === 429 ? (await readError(res, initError)).message : initError };
    }
    return { ok: true, conversation: ((await res.json()) as { conversation: ConversationView }).conversation };
  } catch {
    return { ok: false, message: initError };
  }
}

/**
 * The assistant's conversation window (loaded on demand by chat-launcher.tsx). Opening it creates or resumes the
 * visitor's conversation; answers stream in; while the window is open it polls for staff replies.
 */
export default function ChatPanel({
  locale,
  texts,
  channels,
  maxLength,
  onClose,
}: {
  locale: Locale;
  texts: ChatTexts;
  channels: ChatChannels;
  maxLength: number;
  onClose: () => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [status, setStatus] = useState<ChatStatus>('active');
  const [messages, setMessages] = useState<Shown[]>([]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const localIds = useRef(0);
  const conversationId = phase.kind === 'ready' ? phase.id : null;

  const apply = useCallback((result: Awaited<ReturnType<typeof openConversation>>) => {
    if (!result.ok) {
      setPhase({ kind: 'failed', message: result.message });
      return;
    }
    setMessages(result.conversation.messages);
    setStatus(result.conversation.status);
    setNotice(null);
    setPhase({ kind: 'ready', id: result.conversation.id });
  }, []);

  useEffect(() => {
    let current = true;
    void openConversation(locale, texts.errors.init).then((result) => {
      if (current) apply(result);
    });
    return () => {
      current = false;
    };
  }, [locale, texts.errors.init, apply]);

  const restart = () => {
    setPhase({ kind: 'loading' });
    void openConversation(locale, texts.errors.init).then(apply);
  };

  useEffect(() => {
    if (phase.kind === 'ready') input.current?.focus();
  }, [phase.kind]);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages, streaming, pending]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const merge = useCallback((incoming: ChatMessageView[]) => {
    setMessages((current) => {
      const known = new Set(current.map((m) => m.id));
      const fresh = incoming.filter((m) => !known.has(m.id));
      return fresh.length ? [...current, ...fresh] : current;
    });
  }, []);

  // Staff replies arrive by polling while the window is open (not while our own answer is streaming in).
  useEffect(() => {
    if (!conversationId || pending || status === 'closed') return;
    const timer = window.setInterval(async () => {
      if (document.visibilityState !== 'visible') return;
      const lastStored = [...messages].reverse().find((m) => !m.local);
      try {
        const res = await fetch(`/api/chat/conversations/${conversationId}/messages${lastStored ? `?after=${encodeURIComponent(lastStored.id)}` : ''}`);
        if (!res.ok) return;
        const body = (await res.json()) as { status: ChatStatus; messages: ChatMessageView[] };
        setStatus(body.status);
        merge(body.messages);
      } catch {
        // Offline for a moment: the next poll catches up.
      }
    }, CHAT_LIMITS.pollIntervalMs);
    return () => window.clearInterval(timer);
  }, [conversationId, pending, status, messages, merge]);

  const send = useCallback(async () => {
    const text = draft.trim();
    if (!conversationId || !text || pending) return;
    if ([...text].length > maxLength) {
      setNotice(texts.errors.tooLong);
      return;
    }
    setNotice(null);
    setPending(true);
    const tempId = `local-${++localIds.current}`;
    setMessages((m) => [...m, { id: tempId, sender: 'user', text, createdAt: new Date().toISOString(), local: 'pending' }]);
    setDraft('');
    const apology = () =>
      setMessages((m) => [...m, { id: `local-${++localIds.current}`, sender: 'ai', text: texts.errors.reply, createdAt: new Date().toISOString(), local: 'apology' }]);

    let accepted = false;
    let finished = false;
    try {
      const res = await fetch('/api/chat/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId, message: text, language: locale }),
      });
      if (!res.ok || !res.body) {
        // Refused (a limit, a closed chat): nothing was stored, so the question goes back into the box.
        const error = await readError(res, texts.errors.reply);
        setMessages((m) => m.filter((x) => x.id !== tempId));
        setDraft((d) => d || text);
        setNotice(error.message);
        if (error.error === 'closed') setStatus('closed');
        finished = true;
        return;
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let answer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (value) buffer += decoder.decode(value, { stream: !done });
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          const event = JSON.parse(line) as ChatStreamEvent;
          if (event.type === 'accepted') {
            accepted = true;
            setMessages((m) => m.map((x) => (x.id === tempId ? event.message : x)));
          } else if (event.type === 'delta') {
            answer += event.text;
            setStreaming(answer);
          } else if (event.type === 'done') {
            finished = true;
            setStreaming(null);
            merge([event.message]);
          } else if (event.type === 'handoff') {
            finished = true;
            setStatus('taken_over');
          } else if (event.type === 'error') {
            finished = true;
            setStreaming(null);
            apology();
          }
        }
        if (done) break;
      }
    } catch {
      // The connection broke: fall through to the apology below.
    } finally {
      if (!finished) {
        setStreaming(null);
        // Not even accepted: the question was not stored, so it goes back into the box as well.
        if (!accepted) {
          setMessages((m) => m.filter((x) => x.id !== tempId));
          setDraft((d) => d || text);
        }
        apology();
      }
      setPending(false);
      input.current?.focus();
    }
  }, [conversationId, draft, pending, maxLength, locale, texts.errors.reply, texts.errors.tooLong, merge]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter that confirms a Thai or other IME composition is not a send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const length = [...draft].length;
  const counterShown = length > maxLength * 0.8;
  const nameOf = (m: Shown) => (m.sender === 'user' ? texts.panel.you : m.sender === 'staff' ? texts.panel.staff : texts.panel.assistant);
  const trackChannel = (platform: string) => () => track('chat_platform_click', { platform, source: 'ai_assistant' });

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-panel-title"
      className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl sm:inset-auto sm:bottom-4 sm:right-4 sm:h-[min(38rem,calc(100vh-2rem))] sm:w-[24rem] sm:rounded-2xl sm:border sm:border-slate-200 print:hidden"
    >
      <header className="flex items-start justify-between gap-3 bg-brand-800 px-4 py-3 text-white sm:rounded-t-2xl">
        <div>
          <h2 id="chat-panel-title" className="text-lg font-bold">
            {texts.panel.title}
          </h2>
          <p className="text-xs text-brand-50">{texts.panel.subtitle}</p>
        </div>
        <button type="button" onClick={onClose} aria-label={texts.panel.close} className="rounded-md p-1.5 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
            <path fill="currentColor" d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </header>

      <div ref={log} role="log" aria-live="polite" aria-label={texts.panel.title} className="flex-1 space-y-3 overflow-y-auto bg-slate-50 px-3 py-4">
        {phase.kind === 'loading' ? <p className="text-center text-sm text-slate-600">{texts.panel.loading}</p> : null}
        {phase.kind === 'failed' ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p>{phase.message}</p>
            <button type="button" onClick={restart} className="mt-2 rounded-md bg-red-800 px-3 py-1.5 font-semibold text-white hover:bg-red-900">
              {texts.panel.retry}
            </button>
          </div>
        ) : null}
        {messages.map((m) => (
          <div key={m.id} className={`flex flex-col ${m.sender === 'user' ? 'items-end' : 'items-start'}`}>
            <span className="mb-0.5 px-1 text-xs text-slate-600">{nameOf(m)}</span>
            <div
              {...(m.local === 'apology' ? { role: 'alert' } : {})}
              className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-[15px] leading-relaxed ${
                m.sender === 'user'
                  ? 'rounded-br-sm bg-brand-700 text-white'
                  : m.local === 'apology'
                    ? 'rounded-bl-sm border border-amber-300 bg-amber-50 text-slate-900'
                    : m.sender === 'staff'
                      ? 'rounded-bl-sm border border-green-300 bg-green-50 text-slate-900'
                      : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900'
              }`}
            >
              {m.sender === 'user' ? m.text : <MessageText text={m.text} />}
            </div>
          </div>
        ))}
        {streaming ? (
          <div className="flex flex-col items-start">
            <span className="mb-0.5 px-1 text-xs text-slate-600">{texts.panel.assistant}</span>
            <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-3 py-2 text-[15px] leading-relaxed">
              <MessageText text={streaming} />
            </div>
          </div>
        ) : null}
        {pending && !streaming && status !== 'taken_over' ? (
          <p role="status" className="flex items-center gap-2 px-1 text-sm text-slate-600">
            <span aria-hidden="true" className="flex gap-1">
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-500" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
            </span>
            {texts.panel.thinking}
          </p>
        ) : null}
        {status === 'taken_over' ? <p className="rounded-lg bg-green-50 px-3 py-2 text-center text-sm text-green-900">{texts.panel.staffJoined}</p> : null}
        {status === 'closed' ? (
          <div className="rounded-lg bg-slate-100 px-3 py-2 text-center text-sm text-slate-700">
            <p>{texts.panel.closed}</p>
            <button type="button" onClick={restart} className="mt-2 rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800">
              {texts.panel.newChat}
            </button>
          </div>
        ) : null}
      </div>

      <form
        className="border-t border-slate-200 bg-white px-3 pb-3 pt-2"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {notice ? (
          <p role="alert" className="mb-2 rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-800">
            {notice}
          </p>
        ) : null}
        <label htmlFor="chat-input" className="sr-only">
          {texts.panel.inputLabel}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="chat-input"
            ref={input}
            rows={2}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={texts.panel.placeholder}
            disabled={phase.kind !== 'ready' || status === 'closed'}
            aria-describedby="chat-input-hint"
            className="max-h-32 min-h-[2.75rem] flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-[16px] focus:border-brand-700 focus:outline-none disabled:bg-slate-100"
          />
          <button
            type="submit"
            disabled={pending || !draft.trim() || phase.kind !== 'ready' || status === 'closed'}
            className="h-11 rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {texts.panel.send}
          </button>
        </div>
        <p id="chat-input-hint" className="mt-1 flex justify-between gap-2 text-xs text-slate-600">
          <span className="max-sm:sr-only">{texts.panel.hint}</span>
          {counterShown ? (
            <span className={length > maxLength ? 'font-semibold text-red-700' : undefined}>
              {texts.panel.counter.replace('{count}', String(length)).replace('{max}', String(maxLength))}
            </span>
          ) : null}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {texts.panel.humanPrefer}{' '}
          <a href={channels.whatsapp} target="_blank" rel="noopener noreferrer" onClick={trackChannel('whatsapp')} className="font-semibold text-brand-800 underline">
            WhatsApp
          </a>{' '}
          ·{' '}
          <a href={channels.line} target="_blank" rel="noopener noreferrer" onClick={trackChannel('line')} className="font-semibold text-brand-800 underline">
            LINE
          </a>{' '}
          ·{' '}
          <a href={channels.messenger} target="_blank" rel="noopener noreferrer" onClick={trackChannel('messenger')} className="font-semibold text-brand-800 underline">
            Messenger
          </a>
        </p>
      </form>
    </div>
  );
}
