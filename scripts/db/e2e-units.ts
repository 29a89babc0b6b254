import type { Db } from '@/lib/db/client';

/**
 * Free Small units the e2e servers' database has beyond the seed's 18 (scripts/e2e-server.mjs, never the production
 * seed): most specs book a Small unit, and a server that serves many of them before another must never be sold out,
 * whichever specs ran on it first. Numbered after the seed's S-01…S-20 from S-100 on, so the seeded S-0x numbers
 * some specs look for stay the only ones that match.
 */
export const E2E_EXTRA_SMALL_UNITS = 200;

export async function addE2eSmallUnits(db: Db): Promise<number> {
  const small = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  const data = Array.from({ length: E2E_EXTRA_SMALL_UNITS }, (_, i) => ({ number: `S-${100 + i}`, unitTypeId: small.id, status: 'available' as const }));
  return (await db.unit.createMany({ data, skipDuplicates: true })).count;
}
