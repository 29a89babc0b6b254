import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * lib/lifecycle is the only writer of booking, payment, invoice and unit statuses and of a booking's payment standing
 * (docs/product-rules.md#lifecycle). This reads every source file of lib/ and app/ and fails on a Prisma update that
 * sets `status` or `delinquency` on one of those models, or on SQL that does. Creating a row in its first state is
 * not a move and stays allowed.
 */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The text between the parenthesis at `open` and its match. */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** The argument without its `where: { … }` (a status may be read there). */
function withoutWhere(arg: string): string {
  const at = arg.search(/\bwhere\s*:\s*\{/);
  if (at < 0) return arg;
  const brace = arg.indexOf('{', at);
  let depth = 0;
  for (let i = brace; i < arg.length; i++) {
    if (arg[i] === '{') depth++;
    else if (arg[i] === '}' && --depth === 0) return arg.slice(0, at) + arg.slice(i + 1);
  }
  return arg;
}

const PRISMA_WRITE = /\.(booking|payment|invoice|unit)\.(update|updateMany|upsert)\(/g;
const SETS_STATE = /\b(status|delinquency)\s*:/;
const SQL_WRITE = /UPDATE\s+"?(bookings|payments|invoices|units)"?\s+SET[^;`]*?\b(status|delinquency)\s*=/gi;

export function statusWriters(file: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(PRISMA_WRITE)) {
    const arg = argumentAt(text, m.index + m[0].length - 1);
    if (SETS_STATE.test(withoutWhere(arg))) found.push(`${file}:${text.slice(0, m.index).split('\n').length} ${m[1]}.${m[2]}`);
  }
  for (const m of text.matchAll(SQL_WRITE)) found.push(`${file}:${text.slice(0, m.index).split('\n').length} SQL ${m[1]}`);
  return found;
}

describe('one writer of the lifecycle statuses', () => {
  it('no file outside lib/lifecycle writes a booking, payment, invoice or unit status', () => {
    const files = [...sources('lib'), ...sources('app')].filter((f) => !f.startsWith(path.join('lib', 'lifecycle') + path.sep));
    const offenders = files.flatMap((f) => statusWriters(f, fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('would see a direct write (the scan itself is checked)', () => {
    expect(statusWriters('a.ts', "await tx.booking.update({ where: { id, status: 'active' }, data: { status: 'ended' } });")).toHaveLength(1);
    expect(statusWriters('a.ts', "await tx.unit.updateMany({ where: { status: 'reserved' }, data: { currentBookingId: null } });")).toEqual([]);
    expect(statusWriters('a.ts', 'await tx.booking.update({ where: { id }, data: { delinquency: next } });')).toHaveLength(1);
    expect(statusWriters('a.ts', 'await tx.$executeRaw`UPDATE units SET status = \'available\' WHERE id = ${id}`;')).toHaveLength(1);
    expect(statusWriters('a.ts', "await tx.payment.create({ data: { status: 'pending' } });")).toEqual([]);
  });
});
