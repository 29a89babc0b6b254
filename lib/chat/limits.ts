/**
 * Limits of the public chat (docs/product-rules.md#the-assistant). Shared by the widget (it checks first, so a
 * visitor learns before sending) and the server (which decides).
 */
export const CHAT_LIMITS = {
  /** characters in one visitor message, after trimming */
  messageLength: 1000,
  /** visitor messages in one conversation; after that the visitor is sent to the human channels */
  userMessagesPerConversation: 50,
  /** bytes of a request body on the chat routes */
  bodyBytes: 16 * 1024,
  /** how often the open widget asks for staff replies */
  pollIntervalMs: 4000,
  /** a reply lock older than this is from a crashed request and no longer blocks the visitor */
  replyPendingStaleMs: 90_000,
  /** earlier messages the model sees with each question */
  historyForModel: 20,
  /** characters of a staff reply */
  staffReplyLength: 4000,
} as const;
