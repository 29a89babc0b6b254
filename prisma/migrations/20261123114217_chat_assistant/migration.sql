-- AlterEnum
ALTER TYPE "ChatSender" ADD VALUE 'staff';

-- AlterTable
ALTER TABLE "chat_conversations" ADD COLUMN     "closed_at" TIMESTAMP(3),
ADD COLUMN     "last_message_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "reply_pending_since" TIMESTAMP(3),
ADD COLUMN     "taken_over_at" TIMESTAMP(3),
ADD COLUMN     "taken_over_by_id" TEXT;

-- AlterTable
ALTER TABLE "chat_messages" ADD COLUMN     "staff_user_id" TEXT;

-- CreateIndex
CREATE INDEX "chat_conversations_status_last_message_at_idx" ON "chat_conversations"("status", "last_message_at");

-- AddForeignKey
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_taken_over_by_id_fkey" FOREIGN KEY ("taken_over_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Rules the Prisma schema cannot express (added by hand; Prisma's diff leaves CHECK constraints alone).
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_status_valid" CHECK ("status" IN ('active', 'taken_over', 'closed'));
-- A taken-over conversation always says who took it over (or the account was deleted, leaving taken_over_at).
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_taken_over_has_time" CHECK ("status" <> 'taken_over' OR "taken_over_at" IS NOT NULL);
-- A staff message names its writer until the account is deleted; other messages never do. (Compared as text: a value
-- added to an enum cannot be used as that enum in the transaction that added it.)
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_only_for_staff" CHECK ("sender_type"::text = 'staff' OR "staff_user_id" IS NULL);
