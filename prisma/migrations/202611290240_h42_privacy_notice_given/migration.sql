-- What each customer was told (issue 42, docs/product-rules.md#personal-data-pdpa): the privacy notice given with a
-- booking, and when the portal last showed a customer a new version. Bookings made before this stay NULL (the notice
-- in force on their date is the newest version created before it).
ALTER TABLE "bookings" ADD COLUMN "privacy_notice_version" INTEGER;
ALTER TABLE "bookings" ADD COLUMN "privacy_notice_locale" TEXT;
ALTER TABLE "customers" ADD COLUMN "notice_seen_at" TIMESTAMP(3);
