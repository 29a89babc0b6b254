import 'server-only';
import type { SubmitResult } from '@/lib/booking/submit-draft';
import { ActionFailure } from './action';

/**
 * A booking submit's answer inside an action (the wizard's and the checkout's): the booking, or its failure thrown as
 * the action's failure, with the 'Booking Failed' code as `error` and the missing fields as `details`.
 */
export function bookedOrFail(r: SubmitResult) {
  if (!r.ok) throw new ActionFailure(r.error, r.message, r.details ? { details: r.details } : {});
  return r.booking;
}
