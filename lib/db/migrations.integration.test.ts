import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPrismaClient } from './client';
import { deployMigrations, MIGRATIONS_DIR } from './migrations';
import { postgresTestUrl } from '@/test/db';
import { inject } from 'vitest';
import type { DbTarget } from './target';

const folders = fs.readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

async function recorded(target: DbTarget) {
  const { db, close } = createPrismaClient(target);
  try {
    return await db.$queryRawUnsafe<{ migration_name: string; finished: boolean }[]>(
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
  } finally {
    await close();
  }
}

describe('offline migrations', () => {
  it('record every migration like prisma migrate deploy and re-apply nothing (PGlite)', async () => {
    const dir = path.join(inject('tmpRoot'), 'migrate-check');
    expect(await deployMigrations({ kind: 'pglite', dir })).toEqual(folders);
    expect(await deployMigrations({ kind: 'pglite', dir })).toEqual([]);
    expect(await recorded({ kind: 'pglite', dir })).toEqual(folders.map((m) => ({ migration_name: m, finished: true })));
  });

  it.runIf(postgresTestUrl())('are applied on the real PostgreSQL', async () => {
    const target = { kind: 'postgres', url: postgresTestUrl()! } as const;
    expect(await deployMigrations(target)).toEqual([]);
    expect(await recorded(target)).toEqual(folders.map((m) => ({ migration_name: m, finished: true })));
  });
});
