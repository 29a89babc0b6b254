-- CreateEnum
CREATE TYPE "LineMessageStatus" AS ENUM ('pending', 'sent', 'failed', 'skipped');

-- CreateTable
CREATE TABLE "line_links" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "line_user_id" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "linked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "line_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "line_link_codes" (
    "code" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "line_link_codes_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "line_messages" (
    "id" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "booking_id" TEXT,
    "ref_id" TEXT,
    "status" "LineMessageStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "http_status" INTEGER,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "line_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "line_links_email_key" ON "line_links"("email");

-- CreateIndex
CREATE INDEX "line_links_line_user_id_idx" ON "line_links"("line_user_id");

-- CreateIndex
CREATE INDEX "line_link_codes_email_idx" ON "line_link_codes"("email");

-- CreateIndex
CREATE UNIQUE INDEX "line_messages_dedupe_key_key" ON "line_messages"("dedupe_key");

-- CreateIndex
CREATE INDEX "line_messages_status_next_attempt_at_idx" ON "line_messages"("status", "next_attempt_at");
