import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { translator } from '@/lib/i18n/translator';
import { addBreachStep, BREACH_NOTIFY_HOURS, breachStepText, breachWithSteps, listBreaches, markBreach, recordBreach, regulatorClock } from './breaches';

/**
 * The breach register (docs/product-rules.md#personal-data-pdpa): the regulator's 72 hours run from the discovery, the
 * steps are a log that only grows, being told is recorded once, and every change is in the audit log.
 */
const { db, close } = await openTestDb();
afterAll(close);
const dpo = { id: 'staff-dpo', email: 'dpo@example.test' };
const DISCOVERED = new Date('2026-11-27T02:00:00Z');
const HOUR = 3_600_000;
const facts = { discoveredAt: DISCOVERED, description: 'A laptop with exported slips was stolen', dataAffected: 'payment slips', peopleAffected: 'about 12 customers' };

describe('the breach register', () => {
  it('counts 72 hours from the discovery, not from the recording', async () => {
    const recordedLater = new Date(DISCOVERED.getTime() + 30 * HOUR);
    const b = await recordBreach(db, facts, dpo, recordedLater);
    expect(BREACH_NOTIFY_HOURS).toBe(72);
    expect(regulatorClock(b, recordedLater)).toMatchObject({ state: 'open', hoursLeft: 42, deadline: new Date(DISCOVERED.getTime() + 72 * HOUR) });
    expect(regulatorClock(b, new Date(DISCOVERED.getTime() + 72 * HOUR + 1))).toMatchObject({ state: 'overdue', late: true });
    const audit = await db.auditLog.findMany({ where: { entity: 'privacy_breach', entityId: b.id } });
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([['privacy.breach_recorded', dpo.email]]);
  });

  it('keeps every step in order and records the regulator told once, on time or late', async () => {
    const b = await recordBreach(db, facts, dpo, DISCOVERED);
    await addBreachStep(db, b.id, 'Passwords of the shared drive changed', dpo, new Date(DISCOVERED.getTime() + HOUR));
    expect(await markBreach(db, b.id, 'regulator', 'Online form, ref 123', dpo, new Date(DISCOVERED.getTime() + 80 * HOUR))).toBe(true);
    expect(await markBreach(db, b.id, 'regulator', 'again', dpo, new Date(DISCOVERED.getTime() + 90 * HOUR))).toBe(false);
    const after = await breachWithSteps(db, b.id);
    const en = translator('en', 'admin.breaches');
    expect(after!.steps.map((s) => breachStepText(s, en))).toEqual(['Recorded in the register', 'Passwords of the shared drive changed', 'Regulator notified: Online form, ref 123']);
    expect(after!.regulatorNotifiedAt).toEqual(new Date(DISCOVERED.getTime() + 80 * HOUR));
    expect(regulatorClock(after!)).toMatchObject({ state: 'notified', late: true });
    expect(after!.peopleNotifiedAt).toBeNull();
    const actions = (await db.auditLog.findMany({ where: { entityId: b.id }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(['privacy.breach_recorded', 'privacy.breach_step', 'privacy.breach_regulator']);
  });

  it('lists open cases before closed ones', async () => {
    const closed = await recordBreach(db, { ...facts, description: 'closed one', discoveredAt: new Date(DISCOVERED.getTime() - 100 * HOUR) }, dpo, DISCOVERED);
    await markBreach(db, closed.id, 'closed', null, dpo, DISCOVERED);
    const list = await listBreaches(db);
    expect(list.at(-1)!.id).toBe(closed.id);
    expect(list.slice(0, -1).every((b) => b.closedAt === null)).toBe(true);
  });

  it('shows the steps the register wrote in the reader\'s language, and typed steps as typed', async () => {
    const b = await recordBreach(db, facts, dpo, DISCOVERED);
    await addBreachStep(db, b.id, 'ปิดไดรฟ์ที่แชร์แล้ว / shared drive closed', dpo, new Date(DISCOVERED.getTime() + HOUR));
    await markBreach(db, b.id, 'regulator', 'แบบฟอร์มออนไลน์', dpo, new Date(DISCOVERED.getTime() + 2 * HOUR));
    await markBreach(db, b.id, 'closed', null, dpo, new Date(DISCOVERED.getTime() + 3 * HOUR));
    const { steps } = (await breachWithSteps(db, b.id))!;
    // Stored as a kind (and the note typed with it), never as English words.
    expect(steps.map((s) => [s.kind, s.text])).toEqual([['recorded', ''], [null, 'ปิดไดรฟ์ที่แชร์แล้ว / shared drive closed'], ['regulator', 'แบบฟอร์มออนไลน์'], ['closed', '']]);
    const th = translator('th', 'admin.breaches');
    expect(steps.map((s) => breachStepText(s, th))).toEqual(['บันทึกลงทะเบียนแล้ว', 'ปิดไดรฟ์ที่แชร์แล้ว / shared drive closed', 'แจ้งหน่วยงานกำกับแล้ว: แบบฟอร์มออนไลน์', 'ปิดเรื่องแล้ว']);
    expect(breachStepText(steps[3], translator('en', 'admin.breaches'))).toBe('Case closed');
  });
});
