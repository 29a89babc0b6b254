import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusWriteIn } from '@/lib/db/status-writes';

/**
 * The data layer refuses a status write outside lib/lifecycle (lib/db/status-writes.ts; the refusal itself is tested
 * against a database in ./status-guard.integration.test.ts). What stays here: which statements it recognises, and that
 * only lib/lifecycle in the app opens the door (tests may, for fixtures).
 */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('one writer of the lifecycle statuses', () => {
  it('recognises the statements Prisma and people write that set a status, payment status or delinquency', () => {
    expect(statusWriteIn('UPDATE "public"."bookings" SET "payment_status" = CAST($1::text AS "public"."PaymentStatus"), "updated_at" = $2 WHERE "id" = $3 RETURNING "id"')).toEqual({ table: 'bookings', column: 'payment_status' });
    expect(statusWriteIn('UPDATE "public"."units" SET "status" = $1 WHERE ("public"."units"."id" = $2)')).toEqual({ table: 'units', column: 'status' });
    expect(statusWriteIn("UPDATE bookings SET delinquency = 'suspended' WHERE id = $1")).toEqual({ table: 'bookings', column: 'delinquency' });
    expect(statusWriteIn('INSERT INTO "public"."payments" ("id","status") VALUES ($1,$2) ON CONFLICT ("id") DO UPDATE SET "status" = $3')).toEqual({ table: 'payments', column: 'status' });
    // Reading a status, creating a row in its first state, or another table's status: not a move.
    expect(statusWriteIn('UPDATE "public"."units" SET "current_booking_id" = NULL WHERE "status" = $1')).toBeNull();
    expect(statusWriteIn('INSERT INTO "public"."payments" ("id","status") VALUES ($1,$2)')).toBeNull();
    expect(statusWriteIn('UPDATE "public"."payment_proofs" SET "status" = $1 WHERE "id" = $2')).toBeNull();
    expect(statusWriteIn('UPDATE "public"."email_messages" SET "status" = $1 WHERE "id" = $2')).toBeNull();
  });

  it('only lib/lifecycle opens the door to status writes in the app', () => {
    const files = [...sources('lib'), ...sources('app')].filter((f) => !f.startsWith(path.join('lib', 'lifecycle') + path.sep) && f !== path.join('lib', 'db', 'status-writes.ts'));
    const openers = files.filter((f) => /\b(asStatusWriter|asFixture)\b/.test(fs.readFileSync(f, 'utf8')));
    expect(openers).toEqual([]);
  });
});
