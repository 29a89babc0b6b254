// The one logger's settings (pino), shared by the app (lib/log/index.ts) and the server's own lines
// (scripts/server.mjs), so every line a production server writes is the same JSON: level, time, service, msg, fields.
// Plain JavaScript: scripts/server.mjs runs under node before the app's TypeScript is loaded.
import pino from 'pino';

export const SERVICE = 'phuket-self-storage';

/** pino options for a level ('info' unless LOG_LEVEL says otherwise). */
export function loggerOptions(level) {
  return {
    level,
    base: { service: SERVICE },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Secrets and personal data that may sit in logged objects never reach the log.
    redact: { paths: ['*.password', '*.passwordHash', '*.token', '*.secret', 'req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' },
  };
}
