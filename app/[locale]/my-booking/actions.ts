'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { localizedPath } from '@/lib/i18n/routing';
import { MAX_PROOF_BYTES } from '@/lib/payments/proofs/proof-store';
import { endCustomerSession, startCustomerSession } from '@/lib/portal/session';
import {
  addCustomerConditionPhoto,
  askForSignInLink,
  changePortalContact,
  confirmHoldOf,
  givePortalNoticeFor,
  portalBookingIdFor,
  redeemSignInLink,
  sendIdentityDocuments,
  sendPortalProof,
} from '@/lib/portal/commands';
import { isValidEmail } from '@/lib/validation/contact';
import { TAX_BRANCH_KINDS, taxBranchError, taxBranchNumber } from '@/lib/validation/tax-branch';
import { verifyHoldConfirmationToken } from '@/lib/booking/hold-confirmation';
import { MAX_IDENTITY_BYTES } from '@/lib/identity/documents';
import { MAX_PHOTO_BYTES } from '@/lib/condition/photos';
import { uploadErrorText } from '@/lib/uploads/messages';

/** 'My Storage': asks for a one-time sign-in link. The same answer whether or not the email has bookings. */
export const requestSignInLinkAction = action(z.object({ email: z.string().trim().max(254).refine(isValidEmail) }), async (i, ctx) => {
  // The lookup and the email are a task run after the answer: known and unknown addresses answer alike (lib/portal/sign-in-link.ts).
  const outcome = await askForSignInLink(i.email, ctx.locale, ctx.address);
  if (!outcome.ok) {
    throw new ActionFailure('rate_limited', translator(ctx.locale, 'portal')('signIn.rateLimited', { minutes: Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)) }));
  }
  return null;
});

/** Uses the emailed link (a button press, so mail scanners that open links do not use it up). */
export const confirmSignInAction = action(z.object({ token: z.string().trim().max(200) }), async (i, ctx) => {
  const email = await redeemSignInLink(i.token);
  if (!email) throw new ActionFailure('link_invalid', translator(ctx.locale, 'portal')('signIn.linkInvalid'));
  await startCustomerSession(email);
  redirect(localizedPath(ctx.locale, '/my-booking'));
});

export async function signOutCustomerAction(form: FormData): Promise<void> {
  await endCustomerSession();
  const locale = String(form.get('locale') ?? 'en');
  redirect(localizedPath(locale === 'th' || locale === 'ru' ? locale : 'en', '/my-booking'));
}

const bookingRef = { reference: z.string().trim().max(20), token: z.string().trim().max(100).optional() };

/** The "Confirm my reservation" button of an unpaid hold (docs/product-rules.md#holds); the page then shows the outcome. */
export const confirmHoldAction = action(
  z.object({ reference: z.string().trim().regex(/^BF2-[0-9A-Z]{8}$/), token: z.string().trim().max(100) }),
  async (i, ctx) => {
    if (!verifyHoldConfirmationToken(i.reference, i.token)) throw new ActionFailure('not_found', translator(ctx.locale, 'portal')('errors.not_found'));
    await confirmHoldOf(i.reference);
    revalidatePath(`/${ctx.locale}/my-booking/${i.reference}/confirm`, 'page');
    redirect(`${localizedPath(ctx.locale, `/my-booking/${i.reference}/confirm`)}?token=${encodeURIComponent(i.token)}`);
  },
  { rateLimit: 'holdConfirm' },
);

/** The booking the request may change, or a failure that reveals nothing. */
async function authorizedBooking(locale: string, reference: string, token: string | undefined): Promise<string> {
  const id = await portalBookingIdFor(reference, token);
  if (!id) throw new ActionFailure('not_found', translator(locale, 'portal')('errors.not_found'));
  return id;
}

/** Runs a portal change; its refusals (PortalChangeFailure) answer through the action wrapper like every other. */
async function change<T>(locale: string, reference: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    revalidatePath(`/${locale}/my-booking/${reference}`, 'page');
  }
}

export const uploadProofAction = action(
  z.object({ ...bookingRef, file: z.instanceof(File) }),
  async (i, ctx) => {
    const id = await authorizedBooking(ctx.locale, i.reference, i.token);
    if (i.file.size === 0) throw new ActionFailure('file_type', uploadErrorText(ctx.locale, 'file_type'));
    if (i.file.size > MAX_PROOF_BYTES) throw new ActionFailure('file_size', uploadErrorText(ctx.locale, 'file_size'));
    return change(ctx.locale, i.reference, async () => {
      await sendPortalProof(id, new Uint8Array(await i.file.arrayBuffer()), i.file.name);
      return null;
    });
  },
  { rateLimit: 'proofUpload' },
);

export const updateContactAction = action(
  z.object({
    ...bookingRef,
    phone: z.string().trim().min(6).max(30).regex(/^[+\d][\d\s()-]{5,29}$/),
    whatsapp: z.string().trim().max(30).optional(),
    address: z.string().trim().min(5).max(300),
    // business customers only (the form shows them to companies); checked below for the spec-style message
    taxBranch: z.enum(TAX_BRANCH_KINDS).optional(),
    branchNumber: z.string().trim().max(10).optional(),
  }),
  async (i, ctx) => {
    const id = await authorizedBooking(ctx.locale, i.reference, i.token);
    let taxBranch: string | undefined;
    if (i.taxBranch) {
      const problem = taxBranchError({ kind: i.taxBranch, number: i.branchNumber });
      if (problem) {
        const message = translator(ctx.locale, 'taxBranch')(`errors.${problem}`);
        throw new ActionFailure('validation', message, { fieldErrors: { branchNumber: [message] } });
      }
      taxBranch = taxBranchNumber({ kind: i.taxBranch, number: i.branchNumber });
    }
    return change(ctx.locale, i.reference, async () => {
      await changePortalContact(id, { phone: i.phone, whatsapp: i.whatsapp || null, address: i.address, taxBranch });
      return null;
    });
  },
  { rateLimit: 'draftSave' },
);

export const giveNoticeAction = action(z.object({ ...bookingRef }), async (i, ctx) => {
  const id = await authorizedBooking(ctx.locale, i.reference, i.token);
  return change(ctx.locale, i.reference, () => givePortalNoticeFor(id));
});

/** Identity before access (docs/product-rules.md#identity-and-gate-access): the document, and a selfie if given. */
export const uploadIdentityAction = action(
  z.object({
    ...bookingRef,
    kind: z.enum(['thai_id', 'passport', 'company_certificate']),
    document: z.instanceof(File),
    selfie: z.instanceof(File).optional(),
  }),
  async (i, ctx) => {
    const id = await authorizedBooking(ctx.locale, i.reference, i.token);
    if (i.document.size === 0) throw new ActionFailure('file_type', uploadErrorText(ctx.locale, 'file_type'));
    if (i.document.size > MAX_IDENTITY_BYTES || (i.selfie?.size ?? 0) > MAX_IDENTITY_BYTES) throw new ActionFailure('file_size', uploadErrorText(ctx.locale, 'file_size'));
    try {
      await sendIdentityDocuments(id, {
        kind: i.kind,
        document: { bytes: new Uint8Array(await i.document.arrayBuffer()), name: i.document.name },
        selfie: i.selfie && i.selfie.size ? { bytes: new Uint8Array(await i.selfie.arrayBuffer()), name: i.selfie.name } : null,
      });
    } finally {
      revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    }
    return null;
  },
  { rateLimit: 'identityUpload' },
);

/** A condition photo from the customer (docs/product-rules.md#condition-photos). */
export const addConditionPhotoAction = action(
  z.object({ ...bookingRef, stage: z.enum(['move_in', 'move_out']), photo: z.instanceof(File), note: z.string().trim().max(500).default('') }),
  async (i, ctx) => {
    const id = await authorizedBooking(ctx.locale, i.reference, i.token);
    if (i.photo.size === 0) throw new ActionFailure('photo_type', uploadErrorText(ctx.locale, 'photo_type'));
    if (i.photo.size > MAX_PHOTO_BYTES) throw new ActionFailure('file_size', uploadErrorText(ctx.locale, 'file_size'));
    try {
      await addCustomerConditionPhoto(id, { stage: i.stage, bytes: new Uint8Array(await i.photo.arrayBuffer()), note: i.note });
    } finally {
      revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    }
    return null;
  },
  { rateLimit: 'identityUpload' },
);
