import 'server-only';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { readGatePin } from './pin';
import { signGateRequest } from './signature';
import { GATE_PUSH, gatePushKey } from './changes';

/**
 * Pushes gate changes (lib/gate/changes.ts) to the gate controller (docs/product-rules.md#identity-and-gate-access):
 * the `gate.push` task of each change is one signed HTTP POST to GATE_API_URL. Attempts, backoff and giving up are the
 * task worker's (lib/platform/tasks); this records each attempt as a gate_pushes row (the controller's answer, never
 * the PIN) and the outcome on the gate_changes row, which staff see.
 */
const TIMEOUT_MS = 10_000;

export interface GateConfig {
  url: string;
  secret: string;
  fetch?: typeof fetch;
}

export function gateConfigFromEnv(): GateConfig | null {
  const { GATE_API_URL, GATE_API_SECRET } = env();
  return GATE_API_URL && GATE_API_SECRET ? { url: GATE_API_URL, secret: GATE_API_SECRET } : null;
}

const WITH_PIN = new Set(['grant', 'restore', 'change_pin']);
const WAITING = ['pending', 'failed'];

type Change = { id: string; bookingId: string; action: string; unitNumber: string | null; attempts: number; createdAt: Date };

/** One POST of one change; the answer is recorded on the change and as a gate_pushes row. Returns the error, if any. */
async function pushOne(db: Db, change: Change, config: GateConfig): Promise<string | null> {
  const booking = await db.booking.findUnique({ where: { id: change.bookingId }, select: { reference: true, gatePinCipher: true } });
  const body = JSON.stringify({
    id: change.id,
    action: change.action,
    booking: booking?.reference ?? null,
    unit: change.unitNumber,
    ...(WITH_PIN.has(change.action) ? { pin: readGatePin(booking?.gatePinCipher ?? null) } : {}),
    createdAt: change.createdAt.toISOString(),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const started = Date.now();
  let httpStatus: number | null = null;
  let response: string | null = null;
  let error: string | null = null;
  try {
    const res = await (config.fetch ?? fetch)(config.url, {
      method: 'POST',
      // The change's id as idempotency key: a push repeated after a lost answer changes nothing at the gate.
      headers: { 'content-type': 'application/json', 'x-gate-timestamp': String(timestamp), 'x-gate-signature': signGateRequest(config.secret, timestamp, body), 'idempotency-key': change.id },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    httpStatus = res.status;
    response = (await res.text()).slice(0, 2000);
    if (!res.ok) error = `HTTP ${res.status}`;
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  }
  const attempts = change.attempts + 1;
  await db.$transaction([
    db.gatePush.create({ data: { changeId: change.id, httpStatus, response, error, durationMs: Date.now() - started } }),
    error
      ? db.gateChange.update({ where: { id: change.id }, data: { status: 'failed', attempts, lastError: error } })
      : db.gateChange.update({ where: { id: change.id }, data: { status: 'sent', attempts, lastError: null, sentAt: new Date() } }),
  ]);
  if (error) log.warn({ gateChange: change.id, action: change.action, attempts, httpStatus, error }, 'gate: push failed');
  return error;
}

/**
 * Task `gate.push`: pushes the change to the controller. The rental's older changes still waiting go first, in order
 * (a suspend never overtakes the grant before it), so this task also delivers a predecessor whose own task is still
 * waiting for its backoff or was given up. A refusal throws, so the task worker retries with its backoff. Nothing to
 * do (and success) when the change was sent or keyed in already, was erased, or no controller is configured (then it
 * waits on /admin for staff).
 */
export async function pushGateChange(db: Db, changeId: string, config: GateConfig | null = gateConfigFromEnv()): Promise<Record<string, number | string>> {
  const change = await db.gateChange.findUnique({ where: { id: changeId } });
  if (!change) return { skipped: 'gone' };
  if (!WAITING.includes(change.status)) return { skipped: change.status };
  if (!config) return { skipped: 'not_configured' };
  const older = await db.gateChange.findMany({
    where: { bookingId: change.bookingId, status: { in: WAITING }, createdAt: { lt: change.createdAt }, id: { not: change.id } },
    orderBy: { createdAt: 'asc' },
  });
  let sent = 0;
  for (const c of [...older, change]) {
    const error = await pushOne(db, c, config);
    // The worker keeps the message as the task's last error (a status or a network error, never the PIN).
    if (error) throw new Error(c.id === change.id ? `gate controller: ${error}` : `gate controller: ${error} (an older change of the rental, ${c.action}, goes first)`);
    sent++;
  }
  return { sent };
}

/** Staff keyed a change in at the gate by hand (no controller configured, or it kept refusing). */
export async function markGateChangeDone(db: Db, id: string, actor: { email: string }): Promise<boolean> {
  const { count } = await db.gateChange.updateMany({ where: { id, status: { in: WAITING } }, data: { status: 'done', doneAt: new Date(), doneBy: actor.email } });
  return count === 1;
}

const STAFF_LIST = 100;

/**
 * The changes waiting for a person: all of them without a controller; with one, those no task will push any more (the
 * controller kept refusing until the task was dead, or it ran while no controller was configured).
 */
export async function gateChangesForStaff(db: Db) {
  const manual = !gateConfigFromEnv();
  const waiting = await db.gateChange.findMany({
    where: { status: { in: WAITING } },
    orderBy: { createdAt: 'asc' },
    take: manual ? STAFF_LIST : 5 * STAFF_LIST,
    include: { booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true } } } } },
  });
  if (manual || !waiting.length) return waiting;
  const live = await db.task.findMany({
    where: { type: GATE_PUSH.type, status: { in: ['pending', 'running'] }, dedupeKey: { in: waiting.map((c) => gatePushKey(c.id)) } },
    select: { dedupeKey: true },
  });
  const pushing = new Set(live.map((t) => t.dedupeKey));
  return waiting.filter((c) => !pushing.has(gatePushKey(c.id))).slice(0, STAFF_LIST);
}
