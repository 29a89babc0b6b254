import crypto from 'node:crypto';
import { env } from '@/lib/env';

/**
 * The visitor's chat session: a random secret in an httpOnly cookie scoped to the chat routes. It is the only proof of
 * ownership of a conversation (nobody signs in to chat), so scripts on the page never see it and it never leaves our
 * origin.
 */
export const CHAT_COOKIE = 'pss_chat';
const SESSION_RE = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function newSessionId(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The session id from a cookie value, or null when absent or not one we issued. */
export function parseSessionId(value: string | undefined | null): string | null {
  return value && SESSION_RE.test(value) ? value : null;
}

export function sessionCookie(sessionId: string) {
  return {
    name: CHAT_COOKIE,
    value: sessionId,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env().SITE_URL.startsWith('https://'),
    path: '/api/chat',
    maxAge: MAX_AGE_SECONDS,
  };
}
