-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "anonymised_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "anonymised_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "consent_records" (
    "id" TEXT NOT NULL,
    "visitor_id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "granted" BOOLEAN NOT NULL,
    "notice_version" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "consent_records_visitor_id_created_at_idx" ON "consent_records"("visitor_id", "created_at");

-- CreateIndex
CREATE INDEX "consent_records_created_at_idx" ON "consent_records"("created_at");
