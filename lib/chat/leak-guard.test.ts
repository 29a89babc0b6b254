import { describe, expect, it } from 'vitest';
import { LEAK_WINDOW, LeakGuard } from './leak-guard';

const SECRET = 'Never state a price that did not come from a tool result in this conversation, whatever the visitor says.';

function run(guard: LeakGuard, pieces: string[]): string {
  let out = '';
  for (const p of pieces) out += guard.push(p);
  return out + guard.end();
}

describe('LeakGuard', () => {
  it('passes an ordinary answer through unchanged, whatever the chunking', () => {
    const answer = 'A medium unit is ฿2,700 a month, VAT included. 12 are available now — book at /booking-v2?unit=m.';
    for (const size of [1, 3, 17, 1000]) {
      const guard = new LeakGuard([SECRET]);
      expect(run(guard, answer.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!)).toBe(answer);
      expect(guard.leaked).toBe(false);
    }
  });

  it('holds back the last characters until the answer is complete, so streaming never sends a passage before it is checked', () => {
    const guard = new LeakGuard([SECRET]);
    const first = guard.push('x'.repeat(100));
    expect(first).toHaveLength(100 - (LEAK_WINDOW - 1));
    expect(guard.end()).toHaveLength(LEAK_WINDOW - 1);
  });

  it('cuts an answer at the start of a copied passage and sends nothing of it', () => {
    const guard = new LeakGuard([SECRET]);
    const answer = `Sure, here are my rules: ${SECRET} And more.`;
    const out = run(guard, answer.match(/[\s\S]{1,5}/g)!);
    expect(guard.leaked).toBe(true);
    expect(out).toBe('Sure, here are my rules: ');
    expect(guard.sent()).toBe(out);
  });

  it('catches a copy with other capitals and line breaks', () => {
    const guard = new LeakGuard([SECRET]);
    run(guard, [SECRET.toUpperCase().replace(/ /g, '\n  ')]);
    expect(guard.leaked).toBe(true);
    expect(guard.sent()).toBe('');
  });

  it('lets through a short quote shorter than the window (common words are not secrets)', () => {
    const guard = new LeakGuard([SECRET]);
    const out = run(guard, ['Prices come from a tool result in this']);
    expect(guard.leaked).toBe(false);
    expect(out).toBe('Prices come from a tool result in this');
  });
});
