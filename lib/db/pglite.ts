import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Every embedded PGlite the project opens (app, migrations and their shadow database, backups, benches): with the
 * extensions the migrations create. pg_trgm backs the staff searches' trigram indexes (migration
 * 20261127001000_search_trigram_indexes, README "Performance" → "Scale"); a PGlite without it fails that migration.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** `dir` undefined: in memory. (Options as the only argument: `new PGlite(undefined, options)` drops them.) */
export function openPGlite(dir?: string, options: Omit<PGliteOptions, 'extensions' | 'dataDir'> = {}): PGlite {
  return new PGlite({ ...options, ...(dir ? { dataDir: dir } : {}), extensions: PGLITE_EXTENSIONS });
}
