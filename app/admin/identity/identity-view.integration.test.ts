import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '@/lib/auth/staff';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { uniqueSlip } from '@/test/fixtures/files';
import { asFixture } from '@/lib/db/status-writes';

/** Every staff view of an identity document is in the audit log, naming who looked (docs/product-rules.md#personal-data-pdpa). */
const session = vi.hoisted(() => ({ user: null as StaffUser | null }));
vi.mock('@/lib/auth/staff', async (original) => ({ ...(await original<typeof import('@/lib/auth/staff')>()), getStaffUser: async () => session.user }));
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => null, signIn: async () => undefined, signOut: async () => undefined }));
vi.mock('next-auth', () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));
vi.mock('@/lib/db', async () => {
  const { openTestDb } = await import('@/test/db');
  return { db: (await openTestDb()).db };
});

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-view-'));
beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp }));
afterAll(() => {
  resetEnvForTests();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('/admin/identity/<id>', () => {
  it('serves the document to staff and records the view; a visitor gets nothing and leaves no row', async () => {
    const { db } = await import('@/lib/db');
    const { createBooking } = await import('@/lib/booking/create-booking');
    const { uploadIdentityDocuments } = await import('@/lib/identity/documents');
    const { GET } = await import('./[id]/route');
    const staff: StaffUser = { id: 'staff-9', email: 'viewer@example.test', name: null, role: 'staff' };
    await db.user.create({ data: { id: staff.id, email: staff.email, role: 'staff' } });
    const r = await createBooking(db, completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(r.error);
    await asFixture(() => db.booking.update({ where: { id: r.bookingId }, data: { status: 'confirmed' } }));
    await uploadIdentityDocuments(db, r.bookingId, { kind: 'passport', document: { bytes: await uniqueSlip(), name: 'passport.png' } });
    const doc = await db.identityDocument.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    const open = () => GET(new Request(`http://localhost/admin/identity/${doc.id}`), { params: Promise.resolve({ id: doc.id }) });

    session.user = null;
    expect((await open()).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: 'identity.view' } })).toBe(0);

    session.user = staff;
    const res = await open();
    expect(res.status).toBe(200);
    const rows = await db.auditLog.findMany({ where: { action: 'identity.view' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorEmail: staff.email, entity: 'booking', entityId: r.bookingId, data: expect.objectContaining({ after: { documentId: doc.id, kind: 'passport' } }) });
  }, 180_000);
});
