import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';

// The units list, the waiting list and the audit log: sorted and filtered on the server, exported as filtered
// (docs/product-rules.md#staff-lists), against a real (PGlite) seeded database.
const { db, close } = await openTestDb();
const { unitFiltersSchema, searchUnits, unitListCsv } = await import('./unit-list');
const { waitingFiltersSchema, searchWaitingList, waitingListCsv } = await import('./waiting-list');
const { auditFiltersSchema, searchAudit, auditListCsv } = await import('./audit-list');
const { promoFiltersSchema, searchPromoCodes, promoListCsv } = await import('./promo-list');
afterAll(() => close());

const tag = `T${Date.now().toString(36).toUpperCase()}`;
const csvLines = (csv: string) => csv.replace(/^\ufeff/, '').trim().split('\n');

beforeAll(async () => {
  const s = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  const m = await db.unitType.findUniqueOrThrow({ where: { code: 'm' } });
  await db.unit.createMany({
    data: [
      { number: `${tag}-2`, unitTypeId: s.id },
      { number: `${tag}-1`, unitTypeId: m.id, status: 'maintenance' },
      { number: `${tag}-3`, unitTypeId: s.id, status: 'maintenance', retiredAt: new Date('2026-11-20T18:30:00Z') },
    ],
  });
  await db.waitingListEntry.createMany({
    data: [
      { unitTypeId: s.id, name: `Zoe ${tag}`, email: `zoe-${tag.toLowerCase()}@example.com`, phone: '081 555 0101', createdAt: new Date('2026-11-01T03:00:00Z') },
      { unitTypeId: m.id, name: `Adam ${tag}`, email: `adam-${tag.toLowerCase()}@example.com`, phone: '=cmd|calc', createdAt: new Date('2026-11-02T03:00:00Z') },
    ],
  });
  await db.promoCode.createMany({
    data: [
      { code: `${tag}A`, discountType: 'percentage', discountValue: 10, currentUses: 7, validFrom: new Date('2026-11-01T00:00:00+07:00'), description: { en: 'Ten' } },
      { code: `${tag}B`, discountType: 'fixed', discountValue: 50_050, currentUses: 2, isActive: false, validFrom: new Date('2026-11-01T00:00:00+07:00'), validUntil: new Date('2026-12-31T23:59:59.999+07:00'), description: { en: 'Off' } },
    ],
  });
  await db.auditLog.createMany({
    data: [
      { action: 'unit.update', entity: 'unit', entityId: `${tag}-b`, actorEmail: 'zed@example.test', createdAt: new Date('2026-11-10T17:30:00Z'), data: { before: { status: 'available' }, after: { status: 'maintenance' } } },
      { action: 'unit.create', entity: 'unit', entityId: `${tag}-a`, actorEmail: 'amy@example.test', createdAt: new Date('2026-11-11T02:00:00Z') },
    ],
  });
});

describe('the units list', () => {
  it('sorts by number both ways and filters by state (retired apart from maintenance)', async () => {
    const numbers = async (raw: Record<string, string>) => (await searchUnits(db, unitFiltersSchema.parse({ q: tag, ...raw }))).rows.map((u) => u.number);
    expect(await numbers({ sort: 'number', dir: 'asc' })).toEqual([`${tag}-1`, `${tag}-2`, `${tag}-3`]);
    expect(await numbers({ sort: 'number', dir: 'desc' })).toEqual([`${tag}-3`, `${tag}-2`, `${tag}-1`]);
    expect(await numbers({ sort: 'number', state: 'maintenance' })).toEqual([`${tag}-1`]);
    expect(await numbers({ state: 'retired' })).toEqual([`${tag}-3`]);
    expect(await numbers({ type: 's', sort: 'number' })).toEqual([`${tag}-2`, `${tag}-3`]);
  });

  it('exports exactly the filtered rows in the list order, retirement in Bangkok time', async () => {
    const lines = csvLines(await unitListCsv(db, unitFiltersSchema.parse({ q: tag, type: 's', sort: 'number', dir: 'desc' })));
    expect(lines[0]).toBe('number,unit_type,unit_type_name,state,booking_reference,retired_at,created_at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([`${tag}-3,s`, `${tag}-2,s`]);
    expect(lines[1].split(',')[3]).toBe('retired');
    expect(lines[1].split(',')[5]).toBe('2026-11-21 01:30:00');
  });

  it('ignores a malformed sort or state rather than failing', () => {
    const f = unitFiltersSchema.parse({ sort: 'drop table', state: 'gone', page: '-3' });
    expect(f).toMatchObject({ sort: undefined, state: undefined, page: 1 });
  });
});

describe('the waiting list', () => {
  it('is first in line first by default, sorts by name, and finds a phone typed without spaces', async () => {
    const names = async (raw: Record<string, string>) => (await searchWaitingList(db, waitingFiltersSchema.parse(raw))).rows.map((w) => w.name);
    expect(await names({ q: tag })).toEqual([`Zoe ${tag}`, `Adam ${tag}`]);
    expect(await names({ q: tag, sort: 'name', dir: 'asc' })).toEqual([`Adam ${tag}`, `Zoe ${tag}`]);
    expect(await names({ q: '0815550101' })).toEqual([`Zoe ${tag}`]);
  });

  it('exports the filtered rows formula-safe, with Bangkok times', async () => {
    const lines = csvLines(await waitingListCsv(db, waitingFiltersSchema.parse({ q: tag, type: 'm' })));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`adam-${tag.toLowerCase()}@example.com`);
    expect(lines[1]).toContain("'=cmd|calc");
    expect(lines[1]).toContain('2026-11-02 10:00:00');
  });
});

describe('the audit log', () => {
  it('is newest first by default and sorts by who', async () => {
    const ids = async (raw: Record<string, string>) => (await searchAudit(db, auditFiltersSchema.parse({ entity: 'unit', ...raw }))).rows.filter((r) => r.entityId?.startsWith(tag)).map((r) => r.entityId);
    expect(await ids({})).toEqual([`${tag}-a`, `${tag}-b`]);
    expect(await ids({ sort: 'who', dir: 'desc' })).toEqual([`${tag}-b`, `${tag}-a`]);
  });

  it('filters by Bangkok day and exports those rows with their before and after', async () => {
    // 2026-11-10T17:30Z is 00:30 on 11 November in Bangkok: the same Bangkok day as the other entry.
    const f = auditFiltersSchema.parse({ entity: 'unit', from: '2026-11-11', to: '2026-11-11', sort: 'when', dir: 'asc' });
    const lines = csvLines(await auditListCsv(db, f)).filter((l) => l.includes(tag));
    expect(lines).toHaveLength(2);
    expect(lines[0].startsWith('2026-11-11 00:30:00,zed@example.test,unit.update,unit,')).toBe(true);
    expect(lines[0]).toContain('"{""status"":""available""}"');
    expect(lines[1].startsWith('2026-11-11 09:00:00,amy@example.test,unit.create,')).toBe(true);
  });
});

describe('the promo codes', () => {
  it('sort by uses, filter by the Active switch and export the same rows', async () => {
    const codes = async (raw: Record<string, string>) => (await searchPromoCodes(db, promoFiltersSchema.parse({ q: tag, ...raw }))).rows.map((p) => p.code);
    expect(await codes({ sort: 'uses', dir: 'desc' })).toEqual([`${tag}A`, `${tag}B`]);
    expect(await codes({ sort: 'uses', dir: 'asc' })).toEqual([`${tag}B`, `${tag}A`]);
    expect(await codes({ active: 'no' })).toEqual([`${tag}B`]);
    const lines = csvLines(await promoListCsv(db, promoFiltersSchema.parse({ q: tag.toLowerCase(), active: 'no' })));
    expect(lines).toEqual(['code,active,discount_type,discount,uses,max_uses,valid_from,valid_until,created_at', expect.stringMatching(new RegExp(`^${tag}B,no,fixed,500.50,2,,2026-11-01,2026-12-31,`))]);
  });
});
