-- A submit reads the person's holds of the last 24 hours while it holds their lock (lib/booking/hold-limits.ts,
-- holdsCte; docs/performance.md "Booking submits"): those of their device, email and phone listed, their network's
-- counted. Without these it joined every booking of the day with its customer, under the lock every submit of that
-- network waits for.

-- The network's count reads that network's rows of the day, not every row it ever had.
-- DropIndex
DROP INDEX "bookings_client_key_idx";

-- CreateIndex
CREATE INDEX "bookings_client_key_created_at_idx" ON "bookings"("client_key", "created_at");

-- The email and the phone as the hold limits compare them (lower-cased; the last nine digits, phoneKey). Prisma's
-- schema cannot name an expression index, so these two live here only (prisma/schema.prisma, model Customer).
CREATE INDEX "customers_email_lower_idx" ON "customers" (lower("email"));
CREATE INDEX "customers_phone_key_idx" ON "customers" ("right"("phone_digits", 9));
