import { describe, expect, it } from 'vitest';
import { onePagePdf, xrefBombPdf } from '@/test/fixtures/files';
import { checkPdfIsolated, PDF_CHECK_TIMEOUT_MS, PDF_CHECKS_AT_ONCE, PDF_CHECKS_WAITING } from './pdf-check';

/** The event loop's longest pause while `work` runs: a timer that should fire every 10 ms. */
async function longestPause<T>(work: () => Promise<T>): Promise<{ result: T; pauseMs: number }> {
  let last = performance.now();
  let pauseMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last);
    last = now;
  }, 10);
  try {
    const result = await work();
    return { result, pauseMs };
  } finally {
    clearInterval(timer);
  }
}

describe('PDF uploads are parsed within a fixed budget (docs/product-rules.md#uploads, issue 38)', () => {
  it('accepts a real one-page PDF', async () => {
    expect(await checkPdfIsolated(await onePagePdf())).toBe('ok');
  });

  it('refuses a cross-reference bomb within the time limit, without blocking the server', async () => {
    const bomb = await xrefBombPdf();
    expect(bomb.byteLength).toBeLessThan(250_000);
    const started = performance.now();
    const { result, pauseMs } = await longestPause(() => checkPdfIsolated(bomb));
    expect(result).toBe('refused');
    expect(performance.now() - started).toBeLessThan(PDF_CHECK_TIMEOUT_MS + 3_000);
    // The request thread kept running its timers (on a busy machine a pause of some 100 ms is ordinary).
    expect(pauseMs).toBeLessThan(1_000);
  }, 30_000);

  it('answers "busy" rather than queueing without end during a flood', async () => {
    const bomb = await xrefBombPdf(2_000_000);
    const flood = Array.from({ length: PDF_CHECKS_AT_ONCE + PDF_CHECKS_WAITING + 3 }, () => checkPdfIsolated(bomb, { timeoutMs: 1_500 }));
    const verdicts = await Promise.all(flood);
    expect(verdicts.filter((v) => v === 'busy')).toHaveLength(3);
    expect(verdicts.filter((v) => v === 'refused')).toHaveLength(PDF_CHECKS_AT_ONCE + PDF_CHECKS_WAITING);
    // Once the flood is over, a real file goes through again.
    expect(await checkPdfIsolated(await onePagePdf())).toBe('ok');
  }, 60_000);
});
