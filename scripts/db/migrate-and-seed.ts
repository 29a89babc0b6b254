/**
 * `tsx scripts/db/migrate-and-seed.ts` (DATABASE_URL or PGLITE_DIR): `npm run db:migrate`, then `npm run db:seed`, in
 * one process. The e2e servers' database template (scripts/e2e-server.mjs) is made with it: one start of tsx and of
 * the app's database code instead of two, before any test of the run can begin. `--e2e` adds that template's extra
 * free Small units (scripts/db/e2e-units.ts).
 */
import '../server-only-shim.mjs';

const { deployMigrations } = await import('@/lib/db/migrations');
const { describeTarget, resolveDbTarget } = await import('@/lib/db/target');
const { createPrismaClient } = await import('@/lib/db/client');
const { seedDatabase } = await import('@/prisma/seed');

const target = resolveDbTarget();
const applied = await deployMigrations(target);
console.log(applied.length ? `Applied ${applied.length} migration(s) to ${describeTarget(target)}.` : `Database is up to date (${describeTarget(target)}).`);
const { db, close } = createPrismaClient(target);
try {
  await seedDatabase(db, (line) => console.log(line));
  if (process.argv.includes('--e2e')) {
    const { addE2eSmallUnits } = await import('./e2e-units');
    console.log(`  + ${await addE2eSmallUnits(db)} e2e units of s`);
  }
} finally {
  await close();
}
