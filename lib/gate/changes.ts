import 'server-only';
import type { Prisma } from '@/generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** What the gate controller is asked to do (docs/product-rules.md#identity-and-gate-access). */
export const GATE_ACTIONS = ['grant', 'suspend', 'restore', 'revoke', 'change_pin'] as const;
export type GateAction = (typeof GATE_ACTIONS)[number];

/**
 * Enqueues a change of the rental's gate access, in the caller's transaction (so a rolled-back suspension pushes
 * nothing). The `gate-push` job sends it to the controller (lib/gate/push.ts); without one configured it waits on /admin
 * for staff to key in. A rental that never had access (no PIN issued yet) has nothing to change at the gate, except a
 * grant.
 */
export async function recordGateChange(tx: Tx, bookingId: string, action: GateAction): Promise<boolean> {
  const b = await tx.booking.findUnique({ where: { id: bookingId }, select: { gatePinCipher: true, unit: { select: { number: true } }, heldUnit: { select: { number: true } } } });
  if (!b || (!b.gatePinCipher && action !== 'grant')) return false;
  await tx.gateChange.create({ data: { bookingId, action, unitNumber: b.heldUnit?.number ?? b.unit?.number ?? null } });
  return true;
}
