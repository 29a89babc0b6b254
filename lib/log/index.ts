import 'server-only';
import pino from 'pino';
import type { AsyncLocalStorage } from 'node:async_hooks';
import { env } from '@/lib/env';
import { loggerOptions } from './options.mjs';

/** The request being served, set by the production server (scripts/server/request-context.mjs) through globalThis. */
function currentRequestId(): string | undefined {
  const store = (globalThis as Record<symbol, AsyncLocalStorage<{ requestId: string }> | undefined>)[Symbol.for('pss.requestContext')];
  return store?.getStore()?.requestId;
}

/**
 * The one logger: JSON lines on stdout (level, time, msg, and fields), which any log collector reads.
 * `log.error({ err, bookingId }, 'booking: create failed')` — fields first, message last (pino's order).
 */
export const log = pino({
  ...loggerOptions(env().LOG_LEVEL),
  // Every line written while a request runs names it, so one request's lines can be found together.
  mixin: () => {
    const reqId = currentRequestId();
    return reqId ? { reqId } : {};
  },
});

export type Logger = pino.Logger;
