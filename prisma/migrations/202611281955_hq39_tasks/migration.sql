-- One queue for the work that follows a change (lib/platform/tasks): the LINE outbox, the email outbox's and the
-- e-Tax sends' retries move onto it; their own backoff columns go.

-- CreateTable
CREATE TABLE "tasks" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "dedupe_key" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 8,
    "run_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMP(3),
    "last_error" TEXT,
    "result" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tasks_dedupe_key_key" ON "tasks"("dedupe_key");

-- CreateIndex
CREATE INDEX "tasks_status_run_at_idx" ON "tasks"("status", "run_at");

-- CreateIndex
CREATE INDEX "tasks_type_created_at_idx" ON "tasks"("type", "created_at");

-- LINE messages still to deliver become line.push tasks (their attempts so far kept); sent, skipped and given-up ones
-- were a record only and go with the table.
INSERT INTO "tasks" ("id", "type", "payload", "dedupe_key", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at")
SELECT "id", 'line.push',
       jsonb_build_object('kind', "kind", 'email', "email", 'bookingId', "booking_id", 'refId', "ref_id"),
       "dedupe_key", 'pending', "attempts", GREATEST(8, "attempts" + 1), "next_attempt_at", "last_error", "created_at"
FROM "line_messages"
WHERE "status" IN ('pending', 'failed') AND "attempts" < 8;

-- DropTable
DROP TABLE "line_messages";

-- DropEnum
DROP TYPE "LineMessageStatus";

-- Emails still to deliver get their email.deliver task (their attempts so far kept; six in all, as before).
INSERT INTO "tasks" ("id", "type", "payload", "dedupe_key", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at")
SELECT 'email-' || "id", 'email.deliver', jsonb_build_object('dedupeKey', "dedupe_key"), 'email:' || "dedupe_key",
       'pending', "attempts", 6, "next_attempt_at", "last_error", "created_at"
FROM "email_messages"
WHERE "status" IN ('pending', 'failed') AND "attempts" < 6
ON CONFLICT ("dedupe_key") DO NOTHING;

-- e-Tax documents still to send get their etax.send task.
INSERT INTO "tasks" ("id", "type", "payload", "dedupe_key", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at")
SELECT 'etax-' || "id", 'etax.send', jsonb_build_object('deliveryId', "id"),
       'etax:' || "id", 'pending', "attempts", 6, "next_attempt_at", "last_error", "created_at"
FROM "etax_deliveries"
WHERE "status" IN ('pending', 'failed') AND "attempts" < 6
ON CONFLICT ("dedupe_key") DO NOTHING;

-- DropIndex
DROP INDEX "email_messages_status_next_attempt_at_idx";

-- DropIndex
DROP INDEX "etax_deliveries_status_next_attempt_at_idx";

-- AlterTable
ALTER TABLE "email_messages" DROP COLUMN "next_attempt_at";

-- AlterTable
ALTER TABLE "etax_deliveries" DROP COLUMN "next_attempt_at";

-- CreateIndex
CREATE INDEX "email_messages_status_idx" ON "email_messages"("status");

-- CreateIndex
CREATE INDEX "etax_deliveries_status_idx" ON "etax_deliveries"("status");
