-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "notice_seen_version" INTEGER;

-- AlterTable
ALTER TABLE "identity_documents" ADD COLUMN     "masked_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "privacy_requests" ADD COLUMN     "details" TEXT;

-- CreateTable
CREATE TABLE "privacy_breaches" (
    "id" TEXT NOT NULL,
    "discovered_at" TIMESTAMP(3) NOT NULL,
    "description" TEXT NOT NULL,
    "data_affected" TEXT NOT NULL,
    "people_affected" TEXT NOT NULL,
    "recorded_by" TEXT NOT NULL,
    "regulator_notified_at" TIMESTAMP(3),
    "people_notified_at" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "privacy_breaches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "privacy_breach_steps" (
    "id" TEXT NOT NULL,
    "breach_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "privacy_breach_steps_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "privacy_breaches_discovered_at_idx" ON "privacy_breaches"("discovered_at");

-- CreateIndex
CREATE INDEX "privacy_breach_steps_breach_id_created_at_idx" ON "privacy_breach_steps"("breach_id", "created_at");

-- AddForeignKey
ALTER TABLE "privacy_breach_steps" ADD CONSTRAINT "privacy_breach_steps_breach_id_fkey" FOREIGN KEY ("breach_id") REFERENCES "privacy_breaches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
