import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { toLocale, translator } from '@/lib/i18n/translator';
import { CHAT_LIMITS } from './limits';
import { readJson } from '@/lib/http/body';
import { openConversation, pollConversation } from './conversations';
import { acceptVisitorMessage, replyToVisitor } from './reply';
import { CHAT_COOKIE, parseSessionId, sessionCookie } from './session';
import type { ChatErrorBody, ChatStreamEvent } from './types';

/**
 * The chat's HTTP endpoints, as plain functions of a Request (./routes.ts passes the app's database and the visitor's
 * address for the route files in app/api/chat), so integration tests drive exactly what the browser does.
 *   POST /api/chat/conversations                    { language }                     open or resume → { conversation }
 *   POST /api/chat/messages                         { conversationId, message, language } → NDJSON reply stream
 *   GET  /api/chat/conversations/{id}/messages?after=<messageId>                    → { status, messages }
 * Bodies are JSON only (a cross-site form cannot send it without asking first) and at most 16 kB.
 */
export interface ChatHttpDeps {
  db: Db;
  address: string;
  /** the signed-in user's id, when someone is signed in */
  userId?: () => Promise<string | null>;
  now?: Date;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers } });
}

function failure(status: number, locale: Locale, error: string, key: 'invalid' | 'tooLarge' | 'notFound'): Response {
  const body: ChatErrorBody = { error, message: translator(locale, 'chat')(`errors.${key}`) };
  return json(status, body);
}

/** The request's locale before its body is read: ?locale= or English. */
function urlLocale(request: Request): Locale {
  return toLocale(new URL(request.url).searchParams.get('locale'));
}

type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/** Reads a JSON body of at most CHAT_LIMITS.bodyBytes (lib/http/body.ts), with the chat's own messages. */
export async function readJsonBody(request: Request): Promise<BodyResult> {
  const locale = urlLocale(request);
  const read = await readJson(request, CHAT_LIMITS.bodyBytes);
  if (read.ok) return read;
  if (read.status === 415) return { ok: false, response: failure(415, locale, 'unsupported_media_type', 'invalid') };
  if (read.status === 413) return { ok: false, response: failure(413, locale, 'too_large', 'tooLarge') };
  return { ok: false, response: failure(400, locale, 'invalid_request', 'invalid') };
}

export function sessionFromRequest(request: Request): string | null {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CHAT_COOKIE) return parseSessionId(decodeURIComponent(rest.join('=')));
  }
  return null;
}

function setCookieHeader(sessionId: string): string {
  const c = sessionCookie(sessionId);
  return [
    `${c.name}=${c.value}`,
    `Path=${c.path}`,
    `Max-Age=${c.maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(c.secure ? ['Secure'] : []),
  ].join('; ');
}

const language = z.enum(LOCALES).catch('en');
const openSchema = z.strictObject({ language: language.default('en') });
const sendSchema = z.object({
  conversationId: z.string().trim().min(1).max(40),
  // Length is checked after trimming, with its own message (lib/chat/reply.ts); the body cap bounds it here.
  message: z.string(),
  language: language.default('en'),
});

export async function handleOpenConversation(request: Request, deps: ChatHttpDeps): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  // The widget always sends an object (`{ language }`); `null` or anything else is not a request to open a chat.
  const parsed = openSchema.safeParse(body.value);
  if (!parsed.success) return failure(400, urlLocale(request), 'invalid_request', 'invalid');
  const result = await openConversation(deps.db, {
    sessionId: sessionFromRequest(request),
    locale: parsed.data.language,
    userId: (await deps.userId?.()) ?? null,
    address: deps.address,
  });
  if (!result.ok) return json(result.status, result.body, result.body.retryAfterSeconds ? { 'Retry-After': String(result.body.retryAfterSeconds) } : {});
  // Sent again on every open, so an active visitor's cookie does not expire mid-conversation.
  return json(result.created ? 201 : 200, { conversation: result.conversation }, { 'Set-Cookie': setCookieHeader(result.sessionId) });
}

export async function handleSendMessage(request: Request, deps: ChatHttpDeps): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = sendSchema.safeParse(body.value);
  if (!parsed.success) return failure(400, urlLocale(request), 'invalid_request', 'invalid');
  const { conversationId, message, language: locale } = parsed.data;
  const accepted = await acceptVisitorMessage(deps.db, {
    conversationId,
    sessionId: sessionFromRequest(request),
    text: message,
    locale,
    address: deps.address,
    now: deps.now,
  });
  if (!accepted.ok) {
    return json(accepted.status, accepted.body, accepted.body.retryAfterSeconds ? { 'Retry-After': String(accepted.body.retryAfterSeconds) } : {});
  }

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const emit = (event: ChatStreamEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          // The visitor left: the answer is still finished and stored, and shows when they come back.
          open = false;
        }
      };
      emit({ type: 'accepted', message: accepted.message });
      void replyToVisitor(deps.db, accepted, emit, { now: deps.now, pageLocale: locale, address: deps.address }).finally(() => {
        if (open) controller.close();
        open = false;
      });
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', ...NO_STORE, 'X-Accel-Buffering': 'no' },
  });
}

const pollQuery = z.object({ after: z.string().trim().min(1).max(40).optional() });

export async function handlePollMessages(request: Request, conversationId: string, deps: ChatHttpDeps): Promise<Response> {
  const locale = urlLocale(request);
  const query = pollQuery.safeParse({ after: new URL(request.url).searchParams.get('after') ?? undefined });
  if (!query.success || conversationId.length > 40) return failure(400, locale, 'invalid_request', 'invalid');
  const result = await pollConversation(deps.db, {
    conversationId,
    sessionId: sessionFromRequest(request),
    afterId: query.data.after ?? null,
  });
  if (!result) return failure(404, locale, 'not_found', 'notFound');
  return json(200, result);
}
