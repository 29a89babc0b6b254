-- CreateTable
CREATE TABLE "etax_deliveries" (
    "id" TEXT NOT NULL,
    "invoice_id" TEXT NOT NULL,
    "type_code" TEXT NOT NULL,
    "document_number" TEXT NOT NULL,
    "xml" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "cc_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "reply" TEXT,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "etax_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "etax_deliveries_status_next_attempt_at_idx" ON "etax_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "etax_deliveries_invoice_id_type_code_key" ON "etax_deliveries"("invoice_id", "type_code");

-- AddForeignKey
ALTER TABLE "etax_deliveries" ADD CONSTRAINT "etax_deliveries_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
