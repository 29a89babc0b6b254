'use server';

import { z } from 'zod';
import { redirect } from 'next/navigation';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { localizedPath } from '@/lib/i18n/routing';
import { verifyWaitingListConfirmation } from '@/lib/waiting-list/confirmation';
import { confirmWaitingListEntryNow } from '@/lib/waiting-list/requests';
import { requesterFor } from '@/lib/booking/requester';

/** The waiting-list confirmation button; the page then says the person is on the list. */
export const confirmWaitingListAction = action(
  z.object({ entryId: z.string().trim().regex(/^[a-z0-9]{10,40}$/i), token: z.string().trim().max(100) }),
  async (i, ctx) => {
    const invalid = () => new ActionFailure('not_found', translator(ctx.locale, 'waitingListConfirm.page')('invalid'));
    if (!verifyWaitingListConfirmation(i.entryId, i.token)) throw invalid();
    if (!(await confirmWaitingListEntryNow(i.entryId, requesterFor({ address: ctx.address, userAgent: null, deviceKey: null }).clientKey))) throw invalid();
    redirect(`${localizedPath(ctx.locale, `/waiting-list/${i.entryId}/confirm`)}?token=${encodeURIComponent(i.token)}`);
  },
  { rateLimit: 'holdConfirm' },
);
