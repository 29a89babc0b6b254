import 'server-only';
import type { Db } from '@/lib/db';
import type { StaffUser } from '@/lib/auth/staff';
import { recordAudit } from '@/lib/audit';
import { CHAT_LIMITS } from './limits';
import { statusOf } from './conversations';
import type { ChatStatus } from './types';

/**
 * The staff side of the chat: list conversations, take one over (the assistant stops answering it), reply as a
 * person, hand it back to the assistant, or close it. Callers check the role (app/admin/conversations).
 */
type Staff = Pick<StaffUser, 'id' | 'email'>;

export interface ConversationSummary {
  id: string;
  status: ChatStatus;
  locale: string;
  createdAt: Date;
  lastMessageAt: Date;
  messageCount: number;
  lastMessage: { sender: 'user' | 'ai' | 'staff'; text: string } | null;
  /** what the visitor wrote last: what staff scan the list for */
  lastVisitorMessage: string | null;
  takenOverBy: string | null;
  /** the visitor wrote last and nobody (assistant or staff) has answered yet */
  awaitingReply: boolean;
}

export async function listConversations(db: Db, opts: { status?: ChatStatus; take?: number } = {}): Promise<ConversationSummary[]> {
  const rows = await db.chatConversation.findMany({
    where: opts.status ? { status: opts.status } : {},
    orderBy: { lastMessageAt: 'desc' },
    take: Math.min(opts.take ?? 100, 500),
    include: {
      _count: { select: { messages: true } },
      messages: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 20, select: { senderType: true, text: true } },
      takenOverBy: { select: { name: true, email: true } },
    },
  });
  return rows.map((c) => {
    const last = c.messages[0] ?? null;
    return {
      id: c.id,
      status: statusOf(c.status),
      locale: c.locale,
      createdAt: c.createdAt,
      lastMessageAt: c.lastMessageAt,
      messageCount: c._count.messages,
      lastMessage: last ? { sender: last.senderType, text: last.text } : null,
      lastVisitorMessage: c.messages.find((m) => m.senderType === 'user')?.text ?? null,
      takenOverBy: c.takenOverBy ? (c.takenOverBy.name ?? c.takenOverBy.email) : null,
      awaitingReply: last?.senderType === 'user',
    };
  });
}

export async function getConversationForStaff(db: Db, id: string) {
  const c = await db.chatConversation.findUnique({
    where: { id },
    include: {
      messages: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: { staffUser: { select: { name: true, email: true } } } },
      takenOverBy: { select: { id: true, name: true, email: true } },
    },
  });
  if (!c) return null;
  return {
    id: c.id,
    status: statusOf(c.status),
    locale: c.locale,
    platform: c.platform,
    createdAt: c.createdAt,
    takenOverAt: c.takenOverAt,
    takenOverBy: c.takenOverBy,
    messages: c.messages.map((m) => ({
      id: m.id,
      sender: m.senderType,
      text: m.text,
      createdAt: m.createdAt,
      staffName: m.staffUser ? (m.staffUser.name ?? m.staffUser.email) : null,
    })),
  };
}

export type StaffChatResult = { ok: true } | { ok: false; code: 'not_found' | 'closed' | 'empty' | 'too_long' };

async function openConversationOrError(db: Db, id: string): Promise<{ status: ChatStatus } | { error: 'not_found' | 'closed' }> {
  const c = await db.chatConversation.findUnique({ where: { id }, select: { status: true } });
  if (!c) return { error: 'not_found' };
  if (c.status === 'closed') return { error: 'closed' };
  return { status: statusOf(c.status) };
}

/** From now on the assistant stays silent in this conversation and `staff` answers. */
export async function takeOverConversation(db: Db, staff: Staff, id: string, now: Date = new Date()): Promise<StaffChatResult> {
  const found = await openConversationOrError(db, id);
  if ('error' in found) return { ok: false, code: found.error };
  await db.$transaction(async (tx) => {
    const before = await tx.chatConversation.findUniqueOrThrow({ where: { id }, select: { status: true, takenOverById: true } });
    await tx.chatConversation.update({ where: { id }, data: { status: 'taken_over', takenOverById: staff.id, takenOverAt: now } });
    await recordAudit(tx, { actor: staff, action: 'chat.takeOver', entity: 'ChatConversation', entityId: id, before, after: { status: 'taken_over', takenOverById: staff.id } });
  });
  return { ok: true };
}

/** The assistant answers again. */
export async function releaseConversation(db: Db, staff: Staff, id: string): Promise<StaffChatResult> {
  const found = await openConversationOrError(db, id);
  if ('error' in found) return { ok: false, code: found.error };
  await db.$transaction(async (tx) => {
    const before = await tx.chatConversation.findUniqueOrThrow({ where: { id }, select: { status: true, takenOverById: true } });
    await tx.chatConversation.update({ where: { id }, data: { status: 'active', takenOverById: null, takenOverAt: null } });
    await recordAudit(tx, { actor: staff, action: 'chat.release', entity: 'ChatConversation', entityId: id, before, after: { status: 'active' } });
  });
  return { ok: true };
}

/** Ends the conversation: the visitor is told so and can start a new one. */
export async function closeConversation(db: Db, staff: Staff, id: string, now: Date = new Date()): Promise<StaffChatResult> {
  const found = await openConversationOrError(db, id);
  if ('error' in found) return { ok: false, code: found.error };
  await db.$transaction(async (tx) => {
    await tx.chatConversation.update({ where: { id }, data: { status: 'closed', closedAt: now, replyPendingSince: null } });
    await recordAudit(tx, { actor: staff, action: 'chat.close', entity: 'ChatConversation', entityId: id, before: { status: found.status }, after: { status: 'closed' } });
  });
  return { ok: true };
}

/**
 * A staff member's reply, shown in the visitor's window at their next poll. Replying to a conversation the assistant
 * still has takes it over first, so the visitor never gets two answers to one question.
 */
export async function replyAsStaff(db: Db, staff: Staff, id: string, rawText: string, now: Date = new Date()): Promise<StaffChatResult> {
  const text = rawText.trim();
  if (!text) return { ok: false, code: 'empty' };
  if ([...text].length > CHAT_LIMITS.staffReplyLength) return { ok: false, code: 'too_long' };
  const found = await openConversationOrError(db, id);
  if ('error' in found) return { ok: false, code: found.error };
  await db.$transaction(async (tx) => {
    if (found.status !== 'taken_over') {
      await tx.chatConversation.update({ where: { id }, data: { status: 'taken_over', takenOverById: staff.id, takenOverAt: now } });
      await recordAudit(tx, { actor: staff, action: 'chat.takeOver', entity: 'ChatConversation', entityId: id, before: { status: found.status }, after: { status: 'taken_over', takenOverById: staff.id } });
    }
    const message = await tx.chatMessage.create({ data: { conversationId: id, senderType: 'staff', staffUserId: staff.id, text, createdAt: now } });
    await tx.chatConversation.update({ where: { id }, data: { lastMessageAt: message.createdAt } });
  });
  return { ok: true };
}
