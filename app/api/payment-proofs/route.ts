import { NextResponse, type NextRequest } from 'next/server';
import { MAX_PROOF_BYTES } from '@/lib/payments/proofs/proof-store';
import { spendProofUpload, storeUploadedProof } from '@/lib/payments/proofs/upload';
import { readBodyCapped, tooManyRequests, uploadBodyLimit } from '@/lib/http/body';
import { clientAddress } from '@/lib/rate-limit';
import { translator } from '@/lib/i18n/translator';

export const dynamic = 'force-dynamic';

/**
 * Step 11 proof upload (multipart `file`). Unlinked until the booking is submitted with its id; deleted after 24 hours
 * if it never is. The body is counted as it streams and dropped past MAX_UPLOAD_BYTES, so a chunked upload without a length is
 * never held whole (lib/http/body.ts); the file is kept only when it is wholly a picture or a PDF (lib/payments).
 */
export async function POST(request: NextRequest) {
  const limited = await spendProofUpload(clientAddress(request.headers));
  if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds, translator(request.nextUrl.searchParams.get('locale'), 'actions')('rateLimited', { seconds: limited.retryAfterSeconds }));
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data')) return NextResponse.json({ error: 'type' }, { status: 400 });
  const body = await readBodyCapped(request, uploadBodyLimit(MAX_PROOF_BYTES));
  // 400 with `size` either way, the answer the upload screen reads (a body declared far over the cap gets 413 from the server before this).
  if (!body.ok) return NextResponse.json({ error: body.reason === 'too_large' ? 'size' : 'failed' }, { status: 400 });
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(new Uint8Array(body.bytes), { headers: { 'content-type': request.headers.get('content-type')! } }).formData()).get('file');
  } catch {
    return NextResponse.json({ error: 'failed' }, { status: 400 });
  }
  if (!file || typeof file === 'string') return NextResponse.json({ error: 'type' }, { status: 400 });
  if (file.size > MAX_PROOF_BYTES) return NextResponse.json({ error: 'size' }, { status: 400 });
  const result = await storeUploadedProof(new Uint8Array(await file.arrayBuffer()), file.name);
  // Too many PDFs being checked at once (lib/payments/proofs/pdf-check.ts): try again shortly.
  if (!result.ok && result.error === 'busy') return NextResponse.json({ error: 'busy' }, { status: 503, headers: { 'Retry-After': '30' } });
  if (!result.ok) return NextResponse.json({ error: result.error }, { status: 400 });
  return NextResponse.json({ id: result.proof.id, fileName: result.proof.fileName });
}
