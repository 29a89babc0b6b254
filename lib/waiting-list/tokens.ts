import 'server-only';
import { portalToken, verifyPortalToken } from '@/lib/platform/link-signing';

/** The signed part of an offer link (the portal's signer, over a name no booking reference can take). */
export const offerToken = (offerId: string) => portalToken(`offer:${offerId}`);
export const verifyOfferToken = (offerId: string, token: string | null | undefined) => verifyPortalToken(`offer:${offerId}`, token);
export const waitingListToken = (entryId: string) => portalToken(`waitlist:${entryId}`);
export const verifyWaitingListToken = (entryId: string, token: string | null | undefined) => verifyPortalToken(`waitlist:${entryId}`, token);
