import 'server-only';
import { db } from '@/lib/db';
import { readStoredFile } from '@/lib/uploads/files';

/**
 * A unit-type picture staff uploaded (public: the home page and the wizard show it), by its file name
 * (<24 hex>.webp, the name lib/admin/unit-types.ts gives it); null when there is none.
 */
export function unitTypePicture(file: string) {
  return readStoredFile(db, `unit-types/${file}`);
}
