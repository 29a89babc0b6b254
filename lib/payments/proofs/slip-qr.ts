import 'server-only';
import sharp, { type Sharp } from 'sharp';
import jsQR from 'jsqr';
import { validate } from 'promptparse';

/**
 * What a Thai bank slip's own QR says (docs/product-rules.md#thai-money, "Slips read by their own QR"): every Thai
 * bank app prints on its e-slip a small "slip verify" QR (EMVCo-style, tag 00 = API type 000001 + sending bank code +
 * transaction reference, tag 51 = TH, CRC in tag 91). The transaction reference identifies the transfer whatever the
 * file's bytes: a screenshot, a re-saved JPEG or a resized copy of one slip all read the same.
 */
export type SlipQr = {
  /** the sending bank's 3-digit code (Bank of Thailand): '004' KBank, '014' SCB, ... */
  sendingBank: string;
  /** the bank's own reference of the transaction */
  transRef: string;
  /** the QR text as read, for a provider that verifies it */
  payload: string;
};

/** Thai bank codes (Bank of Thailand) to the names staff know; an unknown code is shown as it is. */
const BANKS: Record<string, string> = {
  '002': 'Bangkok Bank',
  '004': 'Kasikornbank',
  '006': 'Krungthai Bank',
  '011': 'TMBThanachart',
  '014': 'Siam Commercial Bank',
  '017': 'Citibank',
  '022': 'CIMB Thai',
  '024': 'UOB',
  '025': 'Krungsri',
  '030': 'Government Savings Bank',
  '033': 'Government Housing Bank',
  '034': 'BAAC',
  '066': 'Islamic Bank of Thailand',
  '067': 'TISCO',
  '069': 'Kiatnakin Phatra',
  '070': 'ICBC Thai',
  '071': 'Thai Credit Bank',
  '073': 'LH Bank',
};

export function bankName(code: string): string {
  return BANKS[code] ?? `bank ${code}`;
}

/** The slip-verify data of a QR text, or null when it is another QR (a PromptPay payment QR, a web link, ...). */
export function parseSlipQr(text: string): SlipQr | null {
  const slip = validate.slipVerify(text.trim());
  if (!slip || !/^\d{3}$/.test(slip.sendingBank) || !/^[A-Za-z0-9]{6,40}$/.test(slip.transRef)) return null;
  return { sendingBank: slip.sendingBank, transRef: slip.transRef, payload: text.trim() };
}

const MAX_SIDE = 1600;

async function scan(image: Sharp): Promise<string | null> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height, { inversionAttempts: 'attemptBoth' });
  return code?.data ?? null;
}

/**
 * Reads the slip QR of an uploaded picture (already cleaned: lib/payments/proofs/proof-store.ts), or null when it has
 * none that reads: PDFs are not rasterised (a bank's PDF statement is checked by staff as before). A few bounded
 * attempts, as a phone's scanner would: the picture at a working size, then contrast-stretched in grey, then the
 * lower right quarter enlarged (where most banks print the QR).
 */
export async function readSlipQr(bytes: Uint8Array, mimeType: string): Promise<SlipQr | null> {
  if (!mimeType.startsWith('image/')) return null;
  try {
    const base = sharp(bytes, { limitInputPixels: 60_000_000 }).rotate();
    const meta = await sharp(bytes, { limitInputPixels: 60_000_000 }).metadata();
    const w = meta.autoOrient?.width ?? meta.width ?? 0;
    const h = meta.autoOrient?.height ?? meta.height ?? 0;
    if (!w || !h) return null;
    const fit = (img: Sharp) => (Math.max(w, h) > MAX_SIDE ? img.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside' }) : img);
    const attempts: (() => Sharp)[] = [
      () => fit(base.clone()).flatten({ background: '#ffffff' }),
      () => fit(base.clone()).flatten({ background: '#ffffff' }).greyscale().normalise(),
      () =>
        base
          .clone()
          .flatten({ background: '#ffffff' })
          .extract({ left: Math.floor(w / 2), top: Math.floor(h / 2), width: Math.ceil(w / 2), height: Math.ceil(h / 2) })
          .resize({ width: Math.min(MAX_SIDE, Math.ceil(w / 2) * 2) })
          .greyscale()
          .normalise(),
    ];
    for (const attempt of attempts) {
      const text = await scan(attempt());
      const slip = text ? parseSlipQr(text) : null;
      if (slip) return slip;
    }
    return null;
  } catch {
    return null;
  }
}
