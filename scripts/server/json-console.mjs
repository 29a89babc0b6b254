// In production every line the process prints is one JSON object with the request id, like lib/log's lines, so a log
// collector reads Next's own messages (errors of a render, start-up notes) the same way as ours.
import util from 'node:util';
import { requestContext } from './request-context.mjs';

const LEVELS = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' };

export function jsonLine(level, args, extra = {}) {
  const store = requestContext.getStore();
  const line = {
    level,
    time: new Date().toISOString(),
    service: 'phuket-self-storage',
    ...(store ? { reqId: store.requestId } : {}),
    ...extra,
    msg: util.format(...args),
  };
  return `${JSON.stringify(line)}\n`;
}

export function installJsonConsole() {
  for (const [method, level] of Object.entries(LEVELS)) {
    const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
    console[method] = (...args) => {
      stream.write(jsonLine(level, args));
    };
  }
}
