'use server';

import { z } from 'zod';
import { redirect } from 'next/navigation';
import { db } from '@/lib/db';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { localizedPath } from '@/lib/i18n/routing';
import { suppressEmail, unsubscribeQuery, verifyUnsubscribe } from '@/lib/platform/mail/unsubscribe';

export const unsubscribeAction = action(
  z.object({ e: z.string().trim().max(254), t: z.string().trim().max(100) }),
  async (i, ctx) => {
    if (!verifyUnsubscribe(i.e, i.t)) throw new ActionFailure('not_found', translator(ctx.locale, 'unsubscribe')('invalid'));
    await suppressEmail(db, i.e);
    redirect(`${localizedPath(ctx.locale, '/unsubscribe')}?${unsubscribeQuery(i.e)}`);
  },
  { rateLimit: 'unsubscribe' },
);
