import 'server-only';
import type { Db } from '@/lib/db';
import type { StaffUser } from '@/lib/auth/staff';
import { recordAudit } from '@/lib/audit';

/**
 * The breach register (docs/product-rules.md#personal-data-pdpa). PDPA s. 37(4): the controller tells the Office of
 * the Personal Data Protection Committee within 72 hours of becoming aware of a breach (unless it is unlikely to put
 * people at risk), and the people affected without delay where the risk is high. The clock runs from the discovery,
 * not from when the row was typed. Steps are appended, never edited, so the register shows what was done and when.
 */
export const BREACH_NOTIFY_HOURS = 72;
type Actor = Pick<StaffUser, 'id' | 'email'>;

export interface NewBreach {
  discoveredAt: Date;
  description: string;
  dataAffected: string;
  peopleAffected: string;
}

export const breachDeadline = (discoveredAt: Date) => new Date(discoveredAt.getTime() + BREACH_NOTIFY_HOURS * 3_600_000);

/** Where the regulator's clock stands: told; still open with whole hours left; or past the deadline. */
export function regulatorClock(b: { discoveredAt: Date; regulatorNotifiedAt: Date | null }, now: Date = new Date()) {
  const deadline = breachDeadline(b.discoveredAt);
  if (b.regulatorNotifiedAt) return { state: 'notified' as const, deadline, hoursLeft: 0, late: b.regulatorNotifiedAt > deadline };
  const ms = deadline.getTime() - now.getTime();
  return ms > 0 ? { state: 'open' as const, deadline, hoursLeft: Math.floor(ms / 3_600_000), late: false } : { state: 'overdue' as const, deadline, hoursLeft: 0, late: true };
}

export async function recordBreach(db: Db, input: NewBreach, actor: Actor, now: Date = new Date()) {
  return db.$transaction(async (tx) => {
    const breach = await tx.privacyBreach.create({ data: { ...input, recordedBy: actor.email, createdAt: now } });
    await tx.privacyBreachStep.create({ data: { breachId: breach.id, kind: 'recorded', text: '', by: actor.email, createdAt: now } });
    await recordAudit(tx, { actor, action: 'privacy.breach_recorded', entity: 'privacy_breach', entityId: breach.id, after: { discoveredAt: input.discoveredAt.toISOString() } });
    return breach;
  });
}

/** One step taken (contained, passwords changed, the regulator phoned …): appended to the log, never changed. */
export async function addBreachStep(db: Db, breachId: string, text: string, actor: Actor, now: Date = new Date()) {
  return db.$transaction(async (tx) => {
    await tx.privacyBreach.findUniqueOrThrow({ where: { id: breachId }, select: { id: true } });
    const step = await tx.privacyBreachStep.create({ data: { breachId, text, by: actor.email, createdAt: now } });
    await recordAudit(tx, { actor, action: 'privacy.breach_step', entity: 'privacy_breach', entityId: breachId, after: { stepId: step.id } });
    return step;
  });
}

export const BREACH_MARKS = ['regulator', 'people', 'closed'] as const;
export type BreachMark = (typeof BREACH_MARKS)[number];
const MARK_FIELD = { regulator: 'regulatorNotifiedAt', people: 'peopleNotifiedAt', closed: 'closedAt' } as const;

/**
 * Steps the register writes itself carry a kind and are worded by the reader's language (admin.breaches.stepKind), so
 * the Thai admin reads them in Thai; a step staff type has no kind and is shown as typed.
 */
export const BREACH_STEP_KINDS = ['recorded', ...BREACH_MARKS] as const;
export type BreachStepKind = (typeof BREACH_STEP_KINDS)[number];
const isStepKind = (k: string | null): k is BreachStepKind => (BREACH_STEP_KINDS as readonly (string | null)[]).includes(k);

type StepT = (key: `stepKind.${BreachStepKind}` | 'stepWithNote', values?: { step: string; note: string }) => string;

/** A step as the reader sees it: an automatic one in their language (with the note typed with it), a typed one as is. */
export function breachStepText(step: { kind: string | null; text: string }, t: StepT): string {
  if (!isStepKind(step.kind)) return step.text;
  const label = t(`stepKind.${step.kind}`);
  return step.text ? t('stepWithNote', { step: label, note: step.text }) : label;
}

/**
 * The regulator told, the people told, or the case closed: set once (a second press changes nothing, so the first time
 * stands), with a step in the log saying who did it and, when given, how.
 */
export async function markBreach(db: Db, breachId: string, mark: BreachMark, note: string | null, actor: Actor, now: Date = new Date()) {
  return db.$transaction(async (tx) => {
    const field = MARK_FIELD[mark];
    const { count } = await tx.privacyBreach.updateMany({ where: { id: breachId, [field]: null }, data: { [field]: now } });
    if (!count) return false;
    await tx.privacyBreachStep.create({ data: { breachId, kind: mark, text: note ?? '', by: actor.email, createdAt: now } });
    await recordAudit(tx, { actor, action: `privacy.breach_${mark}`, entity: 'privacy_breach', entityId: breachId, after: { at: now.toISOString() } });
    return true;
  });
}

/** The register, open cases first and the oldest discovery first among them (the nearest deadline on top). */
export function listBreaches(db: Db) {
  return db.privacyBreach.findMany({ orderBy: [{ closedAt: { sort: 'desc', nulls: 'first' } }, { discoveredAt: 'asc' }], take: 200, include: { _count: { select: { steps: true } } } });
}

export function breachWithSteps(db: Db, id: string) {
  return db.privacyBreach.findUnique({ where: { id }, include: { steps: { orderBy: { createdAt: 'asc' } } } });
}
