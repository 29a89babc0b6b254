-- Trigram indexes for the staff searches' "contains" (ILIKE '%x%', terms of 3+ characters): customers' names, email,
-- phone and company, booking references, invoice numbers (README "Performance" → "Scale"). PGlite loads the
-- extension from @electric-sql/pglite/contrib/pg_trgm (lib/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "customers_first_name_trgm_idx" ON "customers" USING GIN ("first_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customers_last_name_trgm_idx" ON "customers" USING GIN ("last_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING GIN ("phone" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customers_company_name_trgm_idx" ON "customers" USING GIN ("company_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "bookings_reference_trgm_idx" ON "bookings" USING GIN ("reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING GIN ("number" gin_trgm_ops);
