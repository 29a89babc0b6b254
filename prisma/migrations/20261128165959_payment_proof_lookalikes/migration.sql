-- Slips seen before (docs/product-rules.md#uploads, issue 38): each picture proof keeps a coarse print of its picture,
-- and a proof whose picture looks like an earlier proof of another booking (re-saved as PNG, one pixel wider) names it,
-- so staff see the warning beside the slip. Recent proofs are compared, newest first (uploaded_at).
-- AlterTable
ALTER TABLE "payment_proofs" ADD COLUMN     "image_print" TEXT,
ADD COLUMN     "lookalike_of_id" TEXT;

-- CreateIndex
CREATE INDEX "payment_proofs_lookalike_of_id_idx" ON "payment_proofs"("lookalike_of_id");

-- CreateIndex
CREATE INDEX "payment_proofs_uploaded_at_idx" ON "payment_proofs"("uploaded_at");
