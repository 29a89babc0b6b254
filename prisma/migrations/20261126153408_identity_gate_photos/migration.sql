-- CreateEnum
CREATE TYPE "IdentityDocumentKind" AS ENUM ('thai_id', 'passport', 'company_certificate', 'selfie');

-- CreateEnum
CREATE TYPE "ConditionStage" AS ENUM ('move_in', 'move_out');

-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "gate_pin_cipher" TEXT,
ADD COLUMN     "gate_pin_hash" TEXT,
ADD COLUMN     "gate_pin_issued_at" TIMESTAMP(3),
ADD COLUMN     "identity_verified_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "photo_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "identity_documents" (
    "id" TEXT NOT NULL,
    "booking_id" TEXT NOT NULL,
    "kind" "IdentityDocumentKind" NOT NULL,
    "file_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "storage_key" TEXT,
    "status" "ProofStatus" NOT NULL DEFAULT 'pending',
    "note" TEXT,
    "reviewed_by" TEXT,
    "reviewed_at" TIMESTAMP(3),
    "uploaded_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "purged_at" TIMESTAMP(3),

    CONSTRAINT "identity_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gate_changes" (
    "id" TEXT NOT NULL,
    "booking_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "unit_number" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "sent_at" TIMESTAMP(3),
    "done_at" TIMESTAMP(3),
    "done_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gate_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gate_pushes" (
    "id" TEXT NOT NULL,
    "change_id" TEXT NOT NULL,
    "http_status" INTEGER,
    "response" TEXT,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gate_pushes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "condition_photos" (
    "id" TEXT NOT NULL,
    "booking_id" TEXT NOT NULL,
    "stage" "ConditionStage" NOT NULL,
    "storage_key" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "added_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "condition_photos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "identity_documents_storage_key_key" ON "identity_documents"("storage_key");

-- CreateIndex
CREATE INDEX "identity_documents_booking_id_idx" ON "identity_documents"("booking_id");

-- CreateIndex
CREATE INDEX "gate_changes_status_next_attempt_at_idx" ON "gate_changes"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "gate_changes_booking_id_created_at_idx" ON "gate_changes"("booking_id", "created_at");

-- CreateIndex
CREATE INDEX "gate_pushes_change_id_created_at_idx" ON "gate_pushes"("change_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "condition_photos_storage_key_key" ON "condition_photos"("storage_key");

-- CreateIndex
CREATE INDEX "condition_photos_booking_id_created_at_idx" ON "condition_photos"("booking_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "bookings_gate_pin_hash_key" ON "bookings"("gate_pin_hash");

-- AddForeignKey
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gate_changes" ADD CONSTRAINT "gate_changes_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gate_pushes" ADD CONSTRAINT "gate_pushes_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "gate_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "condition_photos" ADD CONSTRAINT "condition_photos_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
