import 'server-only';
import { z } from 'zod';
import type { Prisma } from '@/generated/prisma/client';
import { enqueueTask, taskType } from '@/lib/platform/tasks/queue';

type Tx = Prisma.TransactionClient;

/** What the gate controller is asked to do (docs/product-rules.md#identity-and-gate-access). */
export const GATE_ACTIONS = ['grant', 'suspend', 'restore', 'revoke', 'change_pin'] as const;
export type GateAction = (typeof GATE_ACTIONS)[number];

/**
 * The push of one gate change to the controller (lib/gate/push.ts `pushGateChange`), run by the task worker with the
 * tasks' one backoff. The payload is the change's id only: the PIN is read and decrypted at delivery, never queued.
 */
export const GATE_PUSH = taskType('gate.push', z.object({ changeId: z.string() }));

/** One task per change, ever (the migration that moved waiting changes onto tasks used the same key). */
export const gatePushKey = (changeId: string) => `gate:${changeId}`;

/**
 * Records a change of the rental's gate access and its `gate.push` task, in the caller's transaction (so a rolled-back
 * suspension pushes nothing and a crash after the commit loses no push). The gate_changes row is the access record
 * (kept for the retention period) and carries the outcome staff see; without a controller configured the change waits
 * on /admin for staff to key in. A rental that never had access (no PIN issued yet) has nothing to change at the gate,
 * except a grant.
 */
export async function recordGateChange(tx: Tx, bookingId: string, action: GateAction): Promise<boolean> {
  const b = await tx.booking.findUnique({ where: { id: bookingId }, select: { gatePinCipher: true, unit: { select: { number: true } }, heldUnit: { select: { number: true } } } });
  if (!b || (!b.gatePinCipher && action !== 'grant')) return false;
  const change = await tx.gateChange.create({ data: { bookingId, action, unitNumber: b.heldUnit?.number ?? b.unit?.number ?? null }, select: { id: true } });
  await enqueueTask(tx, GATE_PUSH, { changeId: change.id }, { dedupeKey: gatePushKey(change.id) });
  return true;
}
