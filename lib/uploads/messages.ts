import 'server-only';
import { translator } from '@/lib/i18n/translator';
import type { UploadTexts } from './check';
import { MAX_UPLOAD_MB } from './limits';

/**
 * The upload messages in the visitor's language (docs/product-rules.md#uploads): one text per problem for every upload
 * of the site, the size limit filled in from MAX_UPLOAD_MB. Pages hand them to the upload forms (the browser check);
 * actions and routes answer them (the server check), so the customer reads the same words either way.
 */
export function uploadTexts(locale: unknown): UploadTexts & { busy: string } {
  const t = translator(locale, 'uploads');
  return { tooLarge: t('tooLarge', { max: MAX_UPLOAD_MB }), invalidType: t('invalidType'), invalidImage: t('invalidImage'), failed: t('failed'), busy: t('busy') };
}

/** The server's refusal codes of the upload paths (lib/portal, lib/identity, lib/condition, proofs), as that text. */
export type UploadErrorCode = 'file_size' | 'file_type' | 'photo_type' | 'upload_failed' | 'busy';

export function isUploadErrorCode(code: string): code is UploadErrorCode {
  return ['file_size', 'file_type', 'photo_type', 'upload_failed', 'busy'].includes(code);
}

export function uploadErrorText(locale: unknown, code: UploadErrorCode): string {
  const t = uploadTexts(locale);
  return { file_size: t.tooLarge, file_type: t.invalidType, photo_type: t.invalidImage, upload_failed: t.failed, busy: t.busy }[code];
}
