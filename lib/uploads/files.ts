import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { env } from '@/lib/env';
import { log } from '@/lib/log';

/**
 * Uploaded files (payment proofs, unit-type pictures) live in the database (table stored_files, bytea), so every server
 * of a deployment reads what any of them received and a database backup holds them (docs/product-rules.md#caching,
 * "Uploads"). Keys are the relative paths earlier versions used under UPLOAD_DIR (proofs/<id>.<ext>,
 * unit-types/<id>.webp): a file still on disk from before is found there, and importUploadsFromDisk copies it in.
 */
export function uploadDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().UPLOAD_DIR);
}

export interface StoredFileData {
  key: string;
  mimeType: string;
  bytes: Uint8Array;
  meta?: Prisma.InputJsonValue;
}

/** Stores a new file; a key is never reused, so an existing key fails (as `wx` did on disk). */
export async function putStoredFile(db: Pick<Db, 'storedFile'>, f: StoredFileData): Promise<void> {
  await db.storedFile.create({
    data: {
      key: f.key,
      mimeType: f.mimeType,
      sizeBytes: f.bytes.byteLength,
      sha256: crypto.createHash('sha256').update(f.bytes).digest('hex'),
      bytes: new Uint8Array(f.bytes),
      meta: f.meta,
    },
  });
}

function safeDiskPath(key: string): string | null {
  const root = uploadDir();
  const file = path.resolve(root, key);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

/** The file's bytes, from the database, else (a file from before the move) from UPLOAD_DIR; null when neither has it. */
export async function readStoredFile(db: Db, key: string): Promise<{ bytes: Uint8Array; mimeType: string } | null> {
  const row = await db.storedFile.findUnique({ where: { key }, select: { bytes: true, mimeType: true } });
  if (row) return { bytes: row.bytes, mimeType: row.mimeType };
  const file = safeDiskPath(key);
  if (!file) return null;
  try {
    return { bytes: new Uint8Array(await fs.readFile(file)), mimeType: mimeOf(key) };
  } catch {
    return null;
  }
}

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf' };
const mimeOf = (key: string) => MIME[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/**
 * Copies files an earlier version stored under UPLOAD_DIR into the database (idempotent; the disk copies stay until
 * the operator removes them). Run by the `purge-uploads` job each night, and at once from /admin/jobs.
 */
export async function importUploadsFromDisk(db: Db): Promise<{ imported: number }> {
  let imported = 0;
  for (const folder of ['proofs', 'unit-types']) {
    let names: string[];
    try {
      names = await fs.readdir(path.join(uploadDir(), folder));
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.endsWith('.json') || !/^[a-f0-9]+\.(jpg|png|gif|webp|pdf)$/.test(name)) continue;
      const key = `${folder}/${name}`;
      if (await db.storedFile.findUnique({ where: { key }, select: { key: true } })) continue;
      try {
        const bytes = await fs.readFile(path.join(uploadDir(), folder, name));
        let meta: Prisma.InputJsonValue | undefined;
        // A pending proof's record (the visitor's file name, upload time) travels with it.
        const record = await fs.readFile(path.join(uploadDir(), folder, `${name.split('.')[0]}.json`), 'utf8').catch(() => null);
        if (record) meta = JSON.parse(record) as Prisma.InputJsonValue;
        await putStoredFile(db, { key, mimeType: mimeOf(name), bytes, meta });
        imported++;
      } catch (err) {
        if ((err as { code?: string }).code !== 'P2002') log.error({ err, key }, 'uploads: could not import a file from disk');
      }
    }
  }
  return { imported };
}
