import { z } from 'zod';
import { taskType } from '@/lib/platform/tasks/queue';

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
