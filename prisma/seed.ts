/**
 * Seeds the spec's real data. Idempotent: every row is created only when missing (natural keys), so seeding twice
 * changes nothing and never overwrites what staff or bookings changed since.
 */
import crypto from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';
import { UNIT_TYPES } from './seed-data/unit-types';
import { LEGAL_DOCUMENTS } from './seed-data/legal';
import { SUPPLY_ITEMS } from './seed-data/supplies';
import { DEFAULT_SETTINGS } from '@/lib/settings/defaults';
import { FALLBACK_REVIEWS, fallbackPublishedAt } from '@/lib/reviews/fallback';
import { INSURANCE_LEVELS, insuranceCoverSatang } from '@/lib/pricing';
import { hashPassword } from '@/lib/auth/password';

type Log = (line: string) => void;

const PROMO_CODES = [
  { code: 'WELCOME10', discountType: 'percentage', discountValue: 10, validFrom: '2025-01-01', validUntil: null, maxUses: null, currentUses: 0, isActive: true,
    description: { en: 'Welcome discount', th: 'ส่วนลดต้อนรับลูกค้าใหม่', ru: 'Приветственная скидка' } },
  { code: 'SAVE500', discountType: 'fixed', discountValue: 50_000, validFrom: '2025-01-01', validUntil: null, maxUses: null, currentUses: 0, isActive: true,
    description: { en: '฿500 off your rent', th: 'ลดค่าเช่า ฿500', ru: 'Скидка ฿500 на аренду' } },
  { code: 'FUTURE20', discountType: 'percentage', discountValue: 20, validFrom: '2099-01-01', validUntil: null, maxUses: null, currentUses: 0, isActive: true,
    description: { en: 'Future campaign', th: 'แคมเปญในอนาคต', ru: 'Будущая акция' } },
  { code: 'EXPIRED15', discountType: 'percentage', discountValue: 15, validFrom: '2024-01-01', validUntil: '2024-12-31', maxUses: null, currentUses: 0, isActive: true,
    description: { en: 'Songkran 2024', th: 'สงกรานต์ 2024', ru: 'Сонгкран 2024' } },
  { code: 'LIMITED5', discountType: 'percentage', discountValue: 5, validFrom: '2025-01-01', validUntil: null, maxUses: 5, currentUses: 5, isActive: true,
    description: { en: 'First five customers', th: 'ลูกค้า 5 ท่านแรก', ru: 'Первые пять клиентов' } },
  { code: 'INACTIVE', discountType: 'percentage', discountValue: 50, validFrom: '2025-01-01', validUntil: null, maxUses: null, currentUses: 0, isActive: false,
    description: { en: 'Withdrawn offer', th: 'โปรโมชันที่ยกเลิกแล้ว', ru: 'Отменённое предложение' } },
] as const;

export async function seedDatabase(db: Db, log: Log = () => {}): Promise<void> {
  let created = 0;
  const count = (what: string, n: number) => {
    if (n > 0) log(`  + ${n} ${what}`);
    created += n;
  };

  await db.supportedLanguage.createMany({
    data: [
      { code: 'en', name: 'English', flagEmoji: '🇬🇧', position: 1 },
      { code: 'th', name: 'ไทย', flagEmoji: '🇹🇭', position: 2 },
      { code: 'ru', name: 'Русский', flagEmoji: '🇷🇺', position: 3 },
    ],
    skipDuplicates: true,
  }).then((r) => count('languages', r.count));

  for (const t of UNIT_TYPES) {
    const existing = await db.unitType.findUnique({ where: { code: t.code } });
    const type =
      existing ??
      (await db.unitType.create({
        data: {
          code: t.code,
          category: t.category,
          sizeRank: t.sizeRank,
          displayOrder: t.displayOrder,
          name: t.name,
          description: t.description,
          features: t.features,
          dimensions: t.dimensions,
          areaSqm: t.areaSqm,
          volumeCbm: t.volumeCbm,
          baseRate: t.baseRateBaht * 100,
          pricingMode: t.pricingMode,
          promotionalBanner: t.promotionalBanner ?? undefined,
          promotionActive: t.promotionActive,
          imageUrl: t.imageUrl,
        },
      }));
    if (!existing) count(`unit type ${t.code}`, 1);
    const units = Array.from({ length: t.totalUnits }, (_, i) => ({
      number: `${t.code.toUpperCase()}-${String(i + 1).padStart(2, '0')}`,
      unitTypeId: type.id,
      // The first ones are free; the rest are let to existing customers.
      status: i < t.availableUnits ? ('available' as const) : ('occupied' as const),
    }));
    count(`units of ${t.code}`, (await db.unit.createMany({ data: units, skipDuplicates: true })).count);
  }

  count(
    'supply items',
    (
      await db.supplyItem.createMany({
        data: SUPPLY_ITEMS.map((s, i) => ({ id: s.id, name: s.name, priceSatang: s.priceBaht * 100, displayOrder: i + 1 })),
        skipDuplicates: true,
      })
    ).count,
  );

  count(
    'insurance levels',
    (
      await db.insuranceLevel.createMany({
        data: INSURANCE_LEVELS.map((m) => ({ monthlySatang: m, coverSatang: insuranceCoverSatang(m) })),
        skipDuplicates: true,
      })
    ).count,
  );

  count(
    'promo codes',
    (
      await db.promoCode.createMany({
        data: PROMO_CODES.map((p) => ({
          code: p.code,
          isActive: p.isActive,
          validFrom: new Date(`${p.validFrom}T00:00:00+07:00`),
          validUntil: p.validUntil ? new Date(`${p.validUntil}T23:59:59+07:00`) : null,
          maxUses: p.maxUses,
          currentUses: p.currentUses,
          discountType: p.discountType,
          discountValue: p.discountValue,
          description: p.description,
        })),
        skipDuplicates: true,
      })
    ).count,
  );

  count(
    'legal documents',
    (
      await db.legalDocument.createMany({
        data: LEGAL_DOCUMENTS.map((d) => ({ ...d, version: d.version ?? 1, createdAt: d.createdAt ?? new Date('2025-06-22T00:00:00+07:00') })),
        skipDuplicates: true,
      })
    ).count,
  );

  const seededAt = new Date();
  count(
    'reviews',
    (
      await db.review.createMany({
        data: FALLBACK_REVIEWS.map(({ ageDays, ...r }) => ({ ...r, source: 'fallback', publishedAt: fallbackPublishedAt({ ageDays }, seededAt) })),
        skipDuplicates: true,
      })
    ).count,
  );
  // Built-in reviews seeded before they carried a date get one, once; dated rows keep theirs and age from there.
  let dated = 0;
  for (const r of FALLBACK_REVIEWS) {
    dated += (
      await db.review.updateMany({
        where: { externalId: r.externalId, source: 'fallback', publishedAt: null },
        data: { publishedAt: fallbackPublishedAt(r, seededAt) },
      })
    ).count;
  }
  count('review dates', dated);

  count(
    'settings',
    (
      await db.setting.createMany({
        data: Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value: value as object })),
        skipDuplicates: true,
      })
    ).count,
  );

  const adminEmail = (env().ADMIN_EMAIL ?? 'admin@phuketselfstorage.com').toLowerCase();
  if (!(await db.user.findUnique({ where: { email: adminEmail } }))) {
    const given = env().ADMIN_PASSWORD;
    const password = given || crypto.randomBytes(12).toString('base64url');
    await db.user.create({
      data: { email: adminEmail, name: 'Administrator', role: 'admin', passwordHash: await hashPassword(password) },
    });
    count('admin user', 1);
    if (!given) log(`  Admin sign-in: ${adminEmail} / ${password}  (generated; shown only this once, set ADMIN_PASSWORD to choose it)`);
  }

  log(created ? `Seed complete: ${created} row(s) created.` : 'Seed: nothing to do, the database already holds the seed data.');
}

async function main() {
  const { createPrismaClient } = await import('@/lib/db/client');
  const { db, close } = createPrismaClient();
  try {
    await seedDatabase(db, (l) => console.log(l));
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
