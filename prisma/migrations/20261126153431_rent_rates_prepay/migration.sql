-- AlterEnum
ALTER TYPE "InvoiceKind" ADD VALUE 'prepay';

-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "paid_through_months" INTEGER,
ADD COLUMN     "rent_rate" INTEGER;

-- Backfill: each existing rental keeps what it was last billed for a month of rent, else the rate at booking.
UPDATE "bookings" b SET "rent_rate" = COALESCE(
  (SELECT l."unit_satang" FROM "invoice_lines" l JOIN "invoices" i ON i."id" = l."invoice_id"
    WHERE i."booking_id" = b."id" AND i."kind" = 'renewal' AND l."kind" = 'rent' AND l."unit_satang" > 0
    ORDER BY i."period_start" DESC NULLS LAST, i."seq" DESC LIMIT 1),
  b."monthly_rate");
ALTER TABLE "bookings" ALTER COLUMN "rent_rate" SET NOT NULL;

-- CreateTable
CREATE TABLE "rent_changes" (
    "id" TEXT NOT NULL,
    "booking_id" TEXT NOT NULL,
    "old_rate" INTEGER NOT NULL,
    "new_rate" INTEGER NOT NULL,
    "effective_from" DATE NOT NULL,
    "notice_sent_at" TIMESTAMP(3) NOT NULL,
    "applied_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rent_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "rent_changes_booking_id_effective_from_idx" ON "rent_changes"("booking_id", "effective_from");

-- CreateIndex
CREATE INDEX "rent_changes_applied_at_effective_from_idx" ON "rent_changes"("applied_at", "effective_from");

-- AddForeignKey
ALTER TABLE "rent_changes" ADD CONSTRAINT "rent_changes_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
