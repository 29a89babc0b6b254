/**
 * A new draft, written out without zod: the wizard's first page needs one before anything is typed, and loading the
 * schemas for it took 131 ms of that page's script time at Lighthouse's 4× slowdown
 * (bench/2026-11-30-wizard-first-script.md). It is what `draftSchema` makes of `{ idempotencyKey }`
 * (empty-draft.test.ts keeps the two equal).
 */
import type { BookingDraft, ContactDetails } from './draft';

export function emptyContact(): ContactDetails {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    whatsapp: '',
    whatsappSameAsPhone: false,
    address: '',
    companyName: '',
    taxId: '',
    taxBranch: 'head_office',
    branchNumber: '',
  };
}

export function emptyDraft(idempotencyKey: string): BookingDraft {
  return {
    version: 1,
    step: 1,
    unitTypeCode: null,
    customerType: null,
    startDate: null,
    term: null,
    insuranceMonthly: null,
    promoCode: null,
    supplies: {},
    contact: emptyContact(),
    paymentMethod: null,
    paymentStatus: null,
    proofUploadId: null,
    agreement: { scrolled: false, agreed: false, signature: '', signedAt: null, documentId: null },
    termsAccepted: false,
    idempotencyKey,
    draftToken: null,
  };
}
