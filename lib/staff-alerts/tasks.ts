import { z } from 'zod';
import { taskType } from '@/lib/platform/tasks/queue';
import { PRIVACY_REQUEST_KINDS } from '@/lib/retention/privacy-requests';

/**
 * Staff alerts that follow a change, written as tasks in the change's transaction (lib/platform/tasks) and sent by
 * the task worker through alertStaff (./index.ts): the submit that caused one never waits for its emails.
 */
export const STAFF_NEW_BOOKING = taskType(
  'staff.new-booking',
  z.object({
    bookingId: z.string(),
    facts: z.object({
      reference: z.string(),
      paymentMethod: z.string(),
      totalDueToday: z.number().int(),
      customer: z.object({ firstName: z.string(), lastName: z.string() }),
      unitType: z.object({ code: z.string() }),
    }),
  }),
);

/** A customer asked for their personal data (a copy, a correction, erasure) from the portal (lib/privacy/portal-requests.ts). */
export const STAFF_PRIVACY_REQUEST = taskType(
  'staff.privacy-request',
  z.object({
    requestId: z.string(),
    kind: z.enum(PRIVACY_REQUEST_KINDS),
    /** ISO instant: the 30-day deadline the request was recorded with */
    dueAt: z.string(),
  }),
);
