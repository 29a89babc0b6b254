import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { addUnitTypeImage, updateUnitType } from './unit-types';
import { CatalogFailure } from './failure';
import { readStoredFile } from '@/lib/uploads/files';
import { workQueues } from '@/lib/admin/dashboard';
import { occupancy } from './demand';
import { asFixture } from '@/lib/db/status-writes';

const { db, close } = await openTestDb();
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'unit-images-'));
const actor = { id: 'admin-1', email: 'admin@example.test' };
beforeAll(() => setEnvForTests({ UPLOAD_DIR: uploads }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe('unit types', () => {
  it('stores an uploaded picture resized to 1,200 px WebP and makes the first one the main picture', async () => {
    const big = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
    await db.unitImage.deleteMany({ where: { unitType: { code: 'gb' } } });
    await db.unitType.update({ where: { code: 'gb' }, data: { imageUrl: null } });
    const url = await addUnitTypeImage(db, actor, 'gb', new Uint8Array(big), 'The Stack');
    expect(url).toMatch(/^\/api\/unit-images\/[a-f0-9]{24}\.webp$/);
    // Stored in the database, so every server of a deployment serves it.
    const stored = await sharp((await readStoredFile(db, `unit-types/${path.basename(url)}`))!.bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect((await db.unitType.findUniqueOrThrow({ where: { code: 'gb' } })).imageUrl).toBe(url);
    await expect(addUnitTypeImage(db, actor, 'gb', new TextEncoder().encode('<svg onload=alert(1)>'), 'x')).rejects.toBeInstanceOf(CatalogFailure);
  });

  it('records a price change with before and after in the audit log', async () => {
    const before = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
    await updateUnitType(db, actor, 's', {
      baseRate: 150_000,
      promoRate: null,
      promotionActive: false,
      promotionStartsAt: null,
      promotionEndsAt: null,
      promotionalBanner: { en: '', th: '', ru: '' },
      pricingMode: before.pricingMode,
      name: before.name as { en: string; th: string; ru: string },
      description: before.description as { en: string; th: string; ru: string },
      features: before.features as { en: string[]; th: string[]; ru: string[] },
      dimensions: before.dimensions,
      displayOrder: before.displayOrder,
      isActive: true,
    });
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: 'unitType.update', entityId: before.id } });
    expect(entry).toMatchObject({ actorEmail: 'admin@example.test', data: { before: { baseRate: before.baseRate }, after: { baseRate: 150_000 } } });
  });
});

describe('dashboard', () => {
  it('counts units per status and lists an overdue invoice of a running rental', async () => {
    const { overall, rows } = await occupancy(db);
    expect(overall.total).toBe(rows.reduce((s, r) => s + r.total, 0));
    expect(overall.total).toBe(await db.unit.count({ where: { retiredAt: null } }));
    const { createBooking } = await import('@/lib/booking/create-booking');
    const { completeDraft, TEST_NOW } = await import('@/test/fixtures/booking-drafts');
    const r = await createBooking(db, completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(r.error);
    const { confirmHold } = await import('@/lib/booking/hold-confirmation');
    await confirmHold(db, r.reference, TEST_NOW);
    // Confirmed from the email: not due the day it was booked; due on the day its 48-hour hold ends.
    expect((await workQueues(db, TEST_NOW)).cashToday.map((b) => b.reference)).not.toContain(r.reference);
    expect((await workQueues(db, new Date(TEST_NOW.getTime() + 47 * 3_600_000))).cashToday.map((b) => b.reference)).toContain(r.reference);
    await asFixture(() => db.booking.update({ where: { id: r.bookingId }, data: { status: 'active' } }));
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    const later = new Date(invoice.dueAt!.getTime() + 31 * 86_400_000);
    const queues = await workQueues(db, later);
    expect(queues.overdue.map((i) => i.number)).toContain(invoice.number);
    expect(queues.toOverlock.map((i) => i.number)).toContain(invoice.number);
  });
});
