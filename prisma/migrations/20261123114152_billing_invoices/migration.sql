-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('initial', 'renewal', 'fee');

-- CreateEnum
CREATE TYPE "DelinquencyStage" AS ENUM ('current', 'suspended', 'overlocked', 'defaulted');

-- CreateEnum
CREATE TYPE "WaitingListOfferStatus" AS ENUM ('offered', 'accepted', 'expired');

-- AlterEnum
ALTER TYPE "InvoiceLineKind" ADD VALUE 'fee';

-- AlterEnum
ALTER TYPE "PaymentStatus" ADD VALUE 'failed';

-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "access_suspended_at" TIMESTAMP(3),
ADD COLUMN     "defaulted_at" TIMESTAMP(3),
ADD COLUMN     "delinquency" "DelinquencyStage" NOT NULL DEFAULT 'current',
ADD COLUMN     "overlocked_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "stripe_customer_id" TEXT;

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "buyer" JSONB,
ADD COLUMN     "dedupe_key" TEXT,
ADD COLUMN     "kind" "InvoiceKind" NOT NULL DEFAULT 'initial',
ADD COLUMN     "paid_at" TIMESTAMP(3),
ADD COLUMN     "period_end" DATE,
ADD COLUMN     "period_start" DATE,
ADD COLUMN     "seller" JSONB;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "failure_message" TEXT,
ADD COLUMN     "idempotency_key" TEXT,
ADD COLUMN     "refunded_satang" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "document_counters" (
    "series" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "document_counters_pkey" PRIMARY KEY ("series","year")
);

-- CreateTable
CREATE TABLE "credit_notes" (
    "id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "invoice_id" TEXT NOT NULL,
    "payment_id" TEXT,
    "issued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" TEXT NOT NULL,
    "amount_satang" INTEGER NOT NULL,
    "vat_satang" INTEGER NOT NULL DEFAULT 0,
    "dedupe_key" TEXT NOT NULL,
    "provider_refund_id" TEXT,
    "seller" JSONB,
    "buyer" JSONB,

    CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "withholding_certificates" (
    "id" TEXT NOT NULL,
    "invoice_id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "issued_on" DATE NOT NULL,
    "amount_satang" INTEGER NOT NULL,
    "note" TEXT,
    "recorded_by_id" TEXT,
    "recorded_by_email" TEXT,
    "recorded_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "withholding_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "waiting_list_offers" (
    "id" TEXT NOT NULL,
    "entry_id" TEXT NOT NULL,
    "unit_id" TEXT NOT NULL,
    "status" "WaitingListOfferStatus" NOT NULL DEFAULT 'offered',
    "expires_at" TIMESTAMP(3) NOT NULL,
    "responded_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waiting_list_offers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes"("number");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_dedupe_key_key" ON "credit_notes"("dedupe_key");

-- CreateIndex
CREATE INDEX "credit_notes_invoice_id_idx" ON "credit_notes"("invoice_id");

-- CreateIndex
CREATE UNIQUE INDEX "withholding_certificates_invoice_id_key" ON "withholding_certificates"("invoice_id");

-- CreateIndex
CREATE INDEX "waiting_list_offers_status_expires_at_idx" ON "waiting_list_offers"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "waiting_list_offers_entry_id_unit_id_key" ON "waiting_list_offers"("entry_id", "unit_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_dedupe_key_key" ON "invoices"("dedupe_key");

-- CreateIndex
CREATE INDEX "invoices_status_due_at_idx" ON "invoices"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_proofs_storage_path_key" ON "payment_proofs"("storage_path");

-- CreateIndex
CREATE UNIQUE INDEX "payments_idempotency_key_key" ON "payments"("idempotency_key");

-- CreateIndex
CREATE INDEX "payments_invoice_id_idx" ON "payments"("invoice_id");

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "withholding_certificates" ADD CONSTRAINT "withholding_certificates_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "waiting_list_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_unit_id_fkey" FOREIGN KEY ("unit_id") REFERENCES "units"("id") ON DELETE CASCADE ON UPDATE CASCADE;
