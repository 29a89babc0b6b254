'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { ActionFailure } from '@/lib/actions/action';
import { adminAction } from '@/lib/admin/guard';
import { translator } from '@/lib/i18n/translator';
import { CHAT_LIMITS } from '@/lib/chat/limits';
import { closeConversation, releaseConversation, replyAsStaff, takeOverConversation, type StaffChatResult } from '@/lib/chat/staff';

const byId = z.object({ conversationId: z.string().trim().min(1).max(40) });
const reply = byId.extend({ text: z.string().max(CHAT_LIMITS.staffReplyLength * 4) });

function settle(result: StaffChatResult, locale: string, conversationId: string): { ok: true } {
  if (!result.ok) {
    const t = translator(locale, 'chatAdmin');
    throw new ActionFailure(result.code, t(`errors.${result.code}`, { max: CHAT_LIMITS.staffReplyLength }));
  }
  revalidatePath('/admin/conversations');
  revalidatePath(`/admin/conversations/${conversationId}`);
  return { ok: true };
}

export const takeOverChat = adminAction('conversations',
  byId,
  async ({ conversationId }, ctx) => settle(await takeOverConversation(ctx.db, ctx.staff, conversationId), ctx.locale, conversationId),
);

export const releaseChat = adminAction('conversations',
  byId,
  async ({ conversationId }, ctx) => settle(await releaseConversation(ctx.db, ctx.staff, conversationId), ctx.locale, conversationId),
);

export const closeChat = adminAction('conversations',
  byId,
  async ({ conversationId }, ctx) => settle(await closeConversation(ctx.db, ctx.staff, conversationId), ctx.locale, conversationId),
);

export const replyToChat = adminAction('conversations',
  reply,
  async ({ conversationId, text }, ctx) => settle(await replyAsStaff(ctx.db, ctx.staff, conversationId, text), ctx.locale, conversationId),
);
