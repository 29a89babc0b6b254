-- AlterTable
ALTER TABLE "payment_proofs" ADD COLUMN     "slip_bank" TEXT,
ADD COLUMN     "slip_check" JSONB,
ADD COLUMN     "slip_trans_ref" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "payment_proofs_slip_bank_slip_trans_ref_key" ON "payment_proofs"("slip_bank", "slip_trans_ref");
