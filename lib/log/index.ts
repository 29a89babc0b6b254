import 'server-only';
import pino from 'pino';
import { env } from '@/lib/env';

/**
 * The one logger: JSON lines on stdout (level, time, msg, and fields), which any log collector reads.
 * `log.error({ err, bookingId }, 'booking: create failed')` — fields first, message last (pino's order).
 */
export const log = pino({
  level: env().LOG_LEVEL,
  base: { service: 'phuket-self-storage' },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  // Secrets and personal data that may sit in logged objects never reach the log.
  redact: { paths: ['*.password', '*.passwordHash', '*.token', '*.secret', 'req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' },
});

export type Logger = pino.Logger;
