import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { log } from '@/lib/log';

/**
 * A PDF upload parsed within a fixed budget (docs/product-rules.md#uploads, "Hostile files"): pdf.js runs in a worker
 * thread with its own heap cap and is stopped at a time limit, so a small file that expands to millions of objects
 * costs at most PDF_CHECK_HEAP_MB and PDF_CHECK_TIMEOUT_MS, never the server's memory or its event loop. At most
 * PDF_CHECKS_AT_ONCE run together; a few more wait their turn; past that the upload is answered "busy" (try again)
 * rather than queued without end during a flood.
 */
export const PDF_CHECK_HEAP_MB = 96;
export const PDF_CHECK_TIMEOUT_MS = 4_000;
export const PDF_CHECKS_AT_ONCE = 2;
export const PDF_CHECKS_WAITING = 8;

export type PdfCheck = 'ok' | 'refused' | 'busy';

const WORKER_FILE = path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'lib/payments/proofs/pdf-check-worker.mjs');

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<(() => void) | null> {
  if (running >= PDF_CHECKS_AT_ONCE) {
    if (waiting.length >= PDF_CHECKS_WAITING) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    // The slot passes straight to the next waiter (the count stays).
    if (next) next();
    else running--;
  };
}

function parseInWorker(bytes: Uint8Array, timeoutMs: number): Promise<'ok' | 'refused'> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes);
    let worker: Worker;
    try {
      worker = new Worker(WORKER_FILE, {
        workerData: { bytes: copy.buffer },
        transferList: [copy.buffer],
        resourceLimits: { maxOldGenerationSizeMb: PDF_CHECK_HEAP_MB, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 },
        stdout: true,
        stderr: true,
      });
    } catch (err) {
      log.error({ err }, 'pdf check: could not start the worker');
      return resolve('refused');
    }
    let done = false;
    const finish = (verdict: 'ok' | 'refused', why?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (why) log.warn({ why }, 'pdf check: refused');
      void worker.terminate();
      resolve(verdict);
    };
    const timer = setTimeout(() => finish('refused', 'time limit'), timeoutMs);
    worker.on('message', (m: { pages?: number; error?: string }) => finish(m.pages && m.pages > 0 ? 'ok' : 'refused', m.error));
    worker.on('error', (err) => finish('refused', (err as { code?: string }).code ?? err.message));
    worker.on('exit', () => finish('refused', 'worker ended'));
  });
}

/** Whether pdf.js can open the file with at least one page, within the budget above. */
export async function checkPdfIsolated(bytes: Uint8Array, opts: { timeoutMs?: number } = {}): Promise<PdfCheck> {
  const release = await slot();
  if (!release) return 'busy';
  try {
    return await parseInWorker(bytes, opts.timeoutMs ?? PDF_CHECK_TIMEOUT_MS);
  } finally {
    release();
  }
}
