-- CreateIndex
CREATE INDEX "payment_proofs_sha256_idx" ON "payment_proofs"("sha256");
