import { NextResponse, type NextRequest } from 'next/server';
import { MAX_PROOF_BYTES, storePendingProof } from '@/lib/payments/proof-store';

export const dynamic = 'force-dynamic';

/** Step 11 proof upload (multipart `file`). Unlinked until the booking is submitted with its id. */
export async function POST(request: NextRequest) {
  const declared = Number(request.headers.get('content-length') ?? 0);
  // Multipart overhead is small; reject obviously oversized bodies before reading them.
  if (declared > MAX_PROOF_BYTES + 64 * 1024) return NextResponse.json({ error: 'size' }, { status: 400 });
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get('file');
  } catch {
    return NextResponse.json({ error: 'failed' }, { status: 400 });
  }
  if (!file || typeof file === 'string') return NextResponse.json({ error: 'type' }, { status: 400 });
  if (file.size > MAX_PROOF_BYTES) return NextResponse.json({ error: 'size' }, { status: 400 });
  const result = await storePendingProof(new Uint8Array(await file.arrayBuffer()), file.name);
  if (!result.ok) return NextResponse.json({ error: result.error }, { status: 400 });
  return NextResponse.json({ id: result.proof.id, fileName: result.proof.fileName });
}
