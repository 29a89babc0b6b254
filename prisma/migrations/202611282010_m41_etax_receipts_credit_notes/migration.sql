-- e-Tax by Email also sends receipts (T01) and credit notes (81): a credit note's send names it, and an invoice may
-- have several 81 sends, one per credit note number.
ALTER TABLE "etax_deliveries" ADD COLUMN "credit_note_id" TEXT;

DROP INDEX "etax_deliveries_invoice_id_type_code_key";

CREATE UNIQUE INDEX "etax_deliveries_invoice_id_type_code_document_number_key" ON "etax_deliveries"("invoice_id", "type_code", "document_number");

ALTER TABLE "etax_deliveries" ADD CONSTRAINT "etax_deliveries_credit_note_id_fkey" FOREIGN KEY ("credit_note_id") REFERENCES "credit_notes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
