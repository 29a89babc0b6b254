import 'server-only';
import sharp from 'sharp';
import { checkPdfIsolated } from './pdf-check';

/** Too many PDFs are being checked right now (lib/payments/proofs/pdf-check.ts): the visitor is asked to try again. */
export class UploadBusyError extends Error {
  constructor() {
    super('upload checks busy');
  }
}

/** What a proof file is, by its bytes (lib/payments/proofs/proof-store.ts sniffs it). */
export type ProofKind = { mimeType: string; ext: string };

/**
 * A payment proof must be wholly what its first bytes say (docs/product-rules.md#security-headers, "Bodies and
 * files"): a GIF or PDF header followed by HTML would be kept as sent otherwise, and a browser that ignores the served
 * type could run it. Images are decoded and encoded again (only the picture survives: trailing bytes, comments and
 * metadata are gone); PDFs must parse as PDF, carry no HTML where browsers sniff and nothing after their end marker.
 * Answers the bytes to store, or null to refuse the file; throws UploadBusyError when the PDF check has no room.
 */
export async function cleanProofContent(bytes: Uint8Array, kind: ProofKind): Promise<Uint8Array | null> {
  if (kind.mimeType === 'application/pdf') return (await isCleanPdf(bytes)) ? bytes : null;
  try {
    const image = sharp(bytes, { limitInputPixels: 60_000_000, animated: kind.mimeType === 'image/gif' }).rotate();
    const out =
      kind.mimeType === 'image/png'
        ? image.png()
        : kind.mimeType === 'image/gif'
          ? image.gif()
          : kind.mimeType === 'image/webp'
            ? image.webp({ quality: 90 })
            : image.jpeg({ quality: 90, mozjpeg: true });
    return new Uint8Array(await out.toBuffer());
  } catch {
    return null;
  }
}

const HTML_MARKERS = /<\s*(!doctype|html|head|body|script|iframe|svg|object|embed)\b/i;

async function isCleanPdf(bytes: Uint8Array): Promise<boolean> {
  const text = Buffer.from(bytes).toString('latin1');
  if (HTML_MARKERS.test(text.slice(0, 1024))) return false;
  const end = text.lastIndexOf('%%EOF');
  if (end === -1 || text.slice(end + 5).trim() !== '') return false;
  // Parsed in a worker with a heap cap and a time limit, never in the request's thread (issue 38: a 204 kB file whose
  // cross-reference stream expands to 30 million entries).
  const verdict = await checkPdfIsolated(bytes);
  if (verdict === 'busy') throw new UploadBusyError();
  return verdict === 'ok';
}
