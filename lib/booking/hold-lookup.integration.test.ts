import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/generated/prisma/client';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { holdsColumn, holdsCte, type HoldIdentity, type PersonHolds } from './hold-limits';

/**
 * A submit reads the person's holds while every other submit of their network waits for its lock
 * (docs/performance.md "Booking submits"). It must find them through indexes, however many bookings the day has had:
 * before migration 20261201043350_hold_lookups the statement joined every booking of the last 24 hours with its
 * customer, 1,060 of them in the bench's run, for each submit.
 */
let db: Db;
let close: () => Promise<void>;
const NOW = new Date();
const OTHERS = 1500;

const anna: HoldIdentity = { email: 'Anna.Holds@example.test', phone: '+66 81 234 5678', deviceKey: 'device-anna', clientKey: 'net-anna' };

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  const { id: typeId } = await db.unitType.findFirstOrThrow({ select: { id: true } });
  // A busy day of other people's holds, each from its own device and network, and three of Anna's: one by each of her
  // email, phone and device, one of them from her network.
  await db.$executeRaw`
    INSERT INTO customers (id, type, first_name, last_name, email, phone, address, updated_at)
    SELECT 'other-' || g, 'individual', 'A', 'B', 'other' || g || '@example.test', '+66 89 ' || lpad(g::text, 7, '0'), 'x', ${NOW}
    FROM generate_series(1, ${OTHERS}::int) g`;
  await db.$executeRaw`
    INSERT INTO customers (id, type, first_name, last_name, email, phone, address, updated_at)
    VALUES ('anna-1', 'individual', 'Anna', 'H', 'anna.holds@example.test', '+66 99 000 0001', 'x', ${NOW}),
      ('anna-2', 'individual', 'Anna', 'H', 'someone@example.test', '081-234-5678', 'x', ${NOW}),
      ('anna-3', 'individual', 'Anna', 'H', 'third@example.test', '+66 99 000 0003', 'x', ${NOW})`;
  await db.$executeRaw`
    INSERT INTO bookings (id, reference, idempotency_key, customer_id, unit_type_id, status, payment_method, payment_status,
      customer_type, start_date, term, months, monthly_rate, rent_rate, quote, total_due_today, agreement_signature,
      agreement_signed_at, agreement_text, hold_expires_at, device_key, client_key, created_at, updated_at)
    SELECT 'b-' || c.id, 'BF2-' || lpad(row_number() OVER ()::text, 8, '0'), 'key-' || c.id, c.id, ${typeId}, 'reserved',
      'cash', 'pending_arrival', 'individual', ${NOW}::date, '12m', 12, 100000, 100000, '{}', 100000, 's', ${NOW}, 't',
      ${new Date(NOW.getTime() + 3_600_000)},
      CASE c.id WHEN 'anna-3' THEN 'device-anna' ELSE 'device-' || c.id END,
      CASE c.id WHEN 'anna-1' THEN 'net-anna' ELSE 'net-' || c.id END,
      ${new Date(NOW.getTime() - 60_000)}, ${NOW}
    FROM customers c WHERE c.id LIKE 'other-%' OR c.id LIKE 'anna-%'`;
  await db.$executeRaw`ANALYZE customers`;
  await db.$executeRaw`ANALYZE bookings`;
});
afterAll(() => close());

const statement = (who: HoldIdentity) => Prisma.sql`WITH ${holdsCte(who, NOW, null)} SELECT ${holdsColumn}`;

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};
/** Rows each table gave up to the statement, kept or filtered out: what it read, however it read it. */
const rowsRead = (n: PlanNode, into: Record<string, number> = {}): Record<string, number> => {
  const table = n['Relation Name'];
  if (table) into[table] = (into[table] ?? 0) + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * n['Actual Loops'];
  for (const child of n.Plans ?? []) rowsRead(child, into);
  return into;
};

describe("the person's holds on a busy day", () => {
  it('are those of their email (in any case), phone (in any spelling) and device, and their network counted', async () => {
    const [{ holds }] = await db.$queryRaw<{ holds: PersonHolds }[]>(statement(anna));
    expect(holds.rows.map((r) => r.id).sort()).toEqual(['b-anna-1', 'b-anna-2', 'b-anna-3']);
    expect(holds.address).toEqual({ daily: 1, open: 1 });
  });

  it("read only the person's own rows, however many bookings the day has had", async () => {
    const [row] = await db.$queryRaw<{ 'QUERY PLAN': unknown }[]>(Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement(anna)}`);
    const plan = row['QUERY PLAN'];
    const [{ Plan }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    const read = rowsRead(Plan);
    // Anna's three bookings and their customers, looked up by each of her keys: a handful, not the day's 1,500.
    expect(read.bookings).toBeLessThanOrEqual(12);
    expect(read.customers).toBeLessThanOrEqual(12);
  });
});
