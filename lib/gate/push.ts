import 'server-only';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { readGatePin } from './pin';
import { signGateRequest } from './signature';

/**
 * Pushes gate changes (lib/gate/changes.ts) to the gate controller (docs/product-rules.md#identity-and-gate-access):
 * one signed HTTP POST per change to GATE_API_URL, oldest first and one at a time per rental (a suspend never
 * overtakes the grant before it), retried with backoff; every attempt and the controller's answer is a gate_pushes
 * row (never the PIN). Run by the `gate-push` job every minute.
 */
export const MAX_GATE_ATTEMPTS = 8;
const TIMEOUT_MS = 10_000;
const LEASE_MS = 2 * 60_000;

/** 1, 2, 4 … minutes after each failure, at most an hour. */
export function gateRetryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

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

export async function pushGateChanges(db: Db, now: Date = new Date(), config: GateConfig | null = gateConfigFromEnv()): Promise<Record<string, number | string>> {
  if (!config) return { skipped: 'not_configured', waiting: await db.gateChange.count({ where: { status: 'pending' } }) };
  const due = await db.gateChange.findMany({
    where: { status: { in: ['pending', 'failed'] }, nextAttemptAt: { lte: now }, attempts: { lt: MAX_GATE_ATTEMPTS } },
    orderBy: { createdAt: 'asc' },
    take: 50,
  });
  let sent = 0;
  let failed = 0;
  const busy = new Set<string>();
  for (const change of due) {
    if (busy.has(change.bookingId)) continue;
    busy.add(change.bookingId);
    // An older change of the same rental still waiting goes first.
    const older = await db.gateChange.count({ where: { bookingId: change.bookingId, status: { in: ['pending', 'failed'] }, createdAt: { lt: change.createdAt }, id: { not: change.id } } });
    if (older) continue;
    const { count } = await db.gateChange.updateMany({
      where: { id: change.id, status: { in: ['pending', 'failed'] }, nextAttemptAt: { lte: now } },
      data: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
    });
    if (!count) continue;
    const booking = await db.booking.findUnique({ where: { id: change.bookingId }, select: { reference: true, gatePinCipher: true } });
    const payload = {
      id: change.id,
      action: change.action,
      booking: booking?.reference ?? null,
      unit: change.unitNumber,
      ...(WITH_PIN.has(change.action) ? { pin: readGatePin(booking?.gatePinCipher ?? null) } : {}),
      createdAt: change.createdAt.toISOString(),
    };
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const started = Date.now();
    let httpStatus: number | null = null;
    let response: string | null = null;
    let error: string | null = null;
    try {
      const res = await (config.fetch ?? fetch)(config.url, {
        method: 'POST',
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
        ? db.gateChange.update({ where: { id: change.id }, data: { status: 'failed', attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + gateRetryDelayMs(attempts)) } })
        : db.gateChange.update({ where: { id: change.id }, data: { status: 'sent', attempts, lastError: null, sentAt: new Date() } }),
    ]);
    if (error) {
      failed++;
      log.warn({ gateChange: change.id, action: change.action, attempts, httpStatus, error }, 'gate: push failed');
    } else sent++;
  }
  return { sent, failed };
}

/** Staff keyed a change in at the gate by hand (no controller configured, or it kept refusing). */
export async function markGateChangeDone(db: Db, id: string, actor: { email: string }): Promise<boolean> {
  const { count } = await db.gateChange.updateMany({ where: { id, status: { in: ['pending', 'failed'] } }, data: { status: 'done', doneAt: new Date(), doneBy: actor.email } });
  return count === 1;
}

/** The changes waiting for a person: all of them without a controller, else those the controller kept refusing. */
export function gateChangesForStaff(db: Db) {
  const manual = !gateConfigFromEnv();
  return db.gateChange.findMany({
    where: manual ? { status: { in: ['pending', 'failed'] } } : { status: 'failed', attempts: { gte: MAX_GATE_ATTEMPTS } },
    orderBy: { createdAt: 'asc' },
    take: 100,
    include: { booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true } } } } },
  });
}
