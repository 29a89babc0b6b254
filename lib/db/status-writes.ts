import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who may write a lifecycle status (docs/architecture.md, "One writer of statuses"): the database client refuses an
 * UPDATE that sets a booking's, payment's, invoice's or unit's `status`, a booking's `payment_status` or its
 * `delinquency` unless the statement runs inside `asStatusWriter` (./guarded-adapter.ts). lib/lifecycle is the one
 * caller in the app; tests may call it to set up a fixture in a state (`asFixture`). Creating a row in its first state
 * is not a move and stays allowed.
 */
// One store per process, not per module copy: the production build may load this module once per layer (pages,
// actions, route handlers) while they share one database client (lib/db keeps it on globalThis), and the client's
// guard must see the store the lifecycle wrote into, whichever copy the lifecycle was loaded from.
const STORE = Symbol.for('phuket-self-storage.status-writer');
const shared = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<string> };
const writer = (shared[STORE] ??= new AsyncLocalStorage<string>());

/** Runs `work` as the named status writer: its statements (and those of the promises it starts) may set statuses. */
export function asStatusWriter<T>(name: 'lifecycle' | 'fixture', work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the run: a Prisma query is lazy and runs when awaited, so it must be awaited in the context.
  return writer.run(name, async () => await work());
}

/** A test putting a row in a state directly (a rental already active, an invoice already paid). */
export function asFixture<T>(work: () => PromiseLike<T>): Promise<T> {
  return asStatusWriter('fixture', work);
}

export function currentStatusWriter(): string | undefined {
  return writer.getStore();
}

/** Thrown by the database client for a status write outside lib/lifecycle. */
export class StatusWriteRefused extends Error {
  readonly code = 'status_write_refused' as const;
  constructor(readonly table: string, readonly column: string) {
    super(`${table}.${column} is written only by lib/lifecycle (docs/architecture.md, "One writer of statuses")`);
  }
}

const GUARDED_TABLES = 'bookings|payments|invoices|units';
const UPDATE = new RegExp(String.raw`\bUPDATE\s+(?:"?public"?\.)?"?(${GUARDED_TABLES})"?\s+(?:AS\s+\w+\s+)?SET\b([\s\S]*?)(?:\bWHERE\b|\bRETURNING\b|\bFROM\b|$)`, 'gi');
const UPSERT = new RegExp(String.raw`\bINSERT\s+INTO\s+(?:"?public"?\.)?"?(${GUARDED_TABLES})"?[\s\S]*?\bDO\s+UPDATE\s+SET\b([\s\S]*?)(?:\bWHERE\b|\bRETURNING\b|$)`, 'gi');
const COLUMN = /(?:^|[\s,(])(?:"?\w+"?\.)?"?(status|payment_status|delinquency)"?\s*=/i;

/** The (table, column) a statement would write that only the lifecycle may, or null. */
export function statusWriteIn(sql: string): { table: string; column: string } | null {
  for (const re of [UPDATE, UPSERT]) {
    re.lastIndex = 0;
    for (const m of sql.matchAll(re)) {
      const col = COLUMN.exec(m[2]);
      if (col) return { table: m[1].toLowerCase(), column: col[1].toLowerCase() };
    }
  }
  return null;
}

/**
 * The verdicts on statements seen: Prisma sends the same text for every query of one shape (the values travel apart),
 * so a submit's 40 statements are a few dozen texts, each matched against the patterns once. Emptied when full, so
 * texts that never repeat cannot grow it.
 */
const VERDICTS = new Map<string, { table: string; column: string } | null>();
const VERDICTS_MAX = 2_000;

/** Refuses the statement when it writes a status and no status writer is running. */
export function checkStatusWrite(sql: string): void {
  if (currentStatusWriter()) return;
  let hit = VERDICTS.get(sql);
  if (hit === undefined) {
    hit = statusWriteIn(sql);
    if (VERDICTS.size >= VERDICTS_MAX) VERDICTS.clear();
    VERDICTS.set(sql, hit);
  }
  if (hit) throw new StatusWriteRefused(hit.table, hit.column);
}
