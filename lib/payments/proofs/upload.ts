import 'server-only';
import { db } from '@/lib/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import { storePendingProof } from './proof-store';

/** POST /api/payment-proofs (the wizard's step 11 slip) on the app's database. */

/** One upload from this address against its allowance ('proofUpload', lib/rate-limit). */
export function spendProofUpload(address: string) {
  return consumeRateLimit(db, 'proofUpload', address);
}

/** The slip kept, unlinked until its booking is submitted, when it is wholly a picture or a PDF (./proof-store.ts). */
export function storeUploadedProof(bytes: Uint8Array, fileName: string) {
  return storePendingProof(db, bytes, fileName);
}
