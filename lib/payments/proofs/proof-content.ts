import 'server-only';
import sharp from 'sharp';

/** What a proof file is, by its bytes (lib/payments/proofs/proof-store.ts sniffs it). */
export type ProofKind = { mimeType: string; ext: string };

/**
 * A payment proof must be wholly what its first bytes say (docs/product-rules.md#security-headers, "Bodies and
 * files"): a GIF or PDF header followed by HTML would be kept as sent otherwise, and a browser that ignores the served
 * type could run it. Images are decoded and encoded again (only the picture survives: trailing bytes, comments and
 * metadata are gone); PDFs must parse as PDF, carry no HTML where browsers sniff and nothing after their end marker.
 * Answers the bytes to store, or null to refuse the file.
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
  try {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, isEvalSupported: false, stopAtErrors: true }).promise;
    const pages = doc.numPages;
    await doc.destroy();
    return pages > 0;
  } catch {
    return false;
  }
}
