-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "agreement_signed_ip" TEXT,
ADD COLUMN     "agreement_signed_ua" TEXT,
ADD COLUMN     "client_key" TEXT,
ADD COLUMN     "device_key" TEXT,
ADD COLUMN     "hold_confirmed_at" TIMESTAMP(3),
ADD COLUMN     "links_revoked_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "waiting_list_entries" ADD COLUMN     "confirmed_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "email_suppressions" (
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_suppressions_pkey" PRIMARY KEY ("email")
);

-- CreateIndex
CREATE INDEX "bookings_device_key_idx" ON "bookings"("device_key");

-- CreateIndex
CREATE INDEX "bookings_client_key_idx" ON "bookings"("client_key");

-- People already on the waiting list and holds already running were accepted under the earlier rules: they count as
-- confirmed, so nobody loses a place or a unit when this migration runs.
UPDATE "waiting_list_entries" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
UPDATE "bookings" SET "hold_confirmed_at" = "created_at" WHERE "status" = 'reserved' AND "hold_confirmed_at" IS NULL;
