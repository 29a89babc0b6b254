// Which gate PINs the site may hand out (docs/product-rules.md#identity-and-gate-access). Pure: no I/O.
import crypto from 'node:crypto';

export const PIN_LENGTH = 6;

/**
 * A PIN someone could guess: one digit repeated (111111), a run up or down (123456, 987654, 890123), a short pattern
 * repeated (121212, 123123), or fewer than three different digits (112211).
 */
export function isTrivialPin(pin: string): boolean {
  if (!/^\d{4,8}$/.test(pin)) return true;
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((x, i) => (x - d[i] + 10) % 10);
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return true;
  for (const period of [1, 2, 3]) {
    if (pin.length % period === 0 && pin.length > period && pin === pin.slice(0, period).repeat(pin.length / period)) return true;
  }
  return new Set(d).size < 3;
}

/** A random PIN that is not trivial (the caller checks that no active rental has it). */
export function randomPin(random: (max: number) => number = crypto.randomInt): string {
  for (;;) {
    const pin = Array.from({ length: PIN_LENGTH }, () => String(random(10))).join('');
    if (!isTrivialPin(pin)) return pin;
  }
}
