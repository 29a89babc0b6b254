-- The staff bookings search finds a customer by the digits of their phone in any spacing, "+66…" or "0…"
-- (docs/product-rules.md "Staff lists"; README "Performance" → "Scale"). Phones are stored as typed, so the database
-- keeps their digits in a generated column with a trigram index; lib/admin/bookings.ts matches the national part of
-- what was typed (lib/admin/search-terms.ts phoneKey) against it. The index on the phone as typed served only that
-- search, which no longer reads it.
ALTER TABLE "customers" ADD COLUMN "phone_digits" TEXT GENERATED ALWAYS AS (regexp_replace("phone", '\D', '', 'g')) STORED;

-- CreateIndex
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING GIN ("phone_digits" gin_trgm_ops);

-- DropIndex
DROP INDEX "customers_phone_trgm_idx";
