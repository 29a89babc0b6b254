'use server';

import { db } from '@/lib/db';
import { action } from '@/lib/actions/action';
import { addToWaitingList, waitingListInputSchema } from './join';

/** Server action behind the waiting-list dialog (home page and booking wizard); the entry keeps the request's language. */
export const joinWaitingList = action(waitingListInputSchema.omit({ locale: true }), async (input, ctx) => addToWaitingList(db, { ...input, locale: ctx.locale }), {
  rateLimit: 'waitingListJoin',
});
