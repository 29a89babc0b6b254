'use server';

import { z } from 'zod';
import { redirect } from 'next/navigation';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { localizedPath } from '@/lib/i18n/routing';
import { unsubscribeQuery, verifyUnsubscribe } from '@/lib/platform/mail/unsubscribe';
import { unsubscribe } from '@/lib/email/unsubscribe';

export const unsubscribeAction = action(
  z.object({ e: z.string().trim().max(254), t: z.string().trim().max(100) }),
  async (i, ctx) => {
    if (!verifyUnsubscribe(i.e, i.t)) throw new ActionFailure('not_found', translator(ctx.locale, 'unsubscribe')('invalid'));
    await unsubscribe(i.e);
    redirect(`${localizedPath(ctx.locale, '/unsubscribe')}?${unsubscribeQuery(i.e)}`);
  },
  { rateLimit: 'unsubscribe' },
);
