-- Rules the Prisma schema cannot express; Prisma's diff leaves CHECK constraints alone.
ALTER TABLE "unit_types" ADD CONSTRAINT "unit_types_base_rate_positive" CHECK ("base_rate" > 0);
ALTER TABLE "unit_types" ADD CONSTRAINT "unit_types_promo_rate_positive" CHECK ("promo_rate" IS NULL OR "promo_rate" > 0);
ALTER TABLE "supply_items" ADD CONSTRAINT "supply_items_price_non_negative" CHECK ("price_satang" >= 0);
ALTER TABLE "insurance_levels" ADD CONSTRAINT "insurance_levels_non_negative" CHECK ("monthly_satang" >= 0 AND "cover_satang" >= 0);
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_uses_non_negative" CHECK ("current_uses" >= 0 AND ("max_uses" IS NULL OR "max_uses" >= 0));
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_uses_within_limit" CHECK ("max_uses" IS NULL OR "current_uses" <= "max_uses");
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_value_valid" CHECK ("discount_value" > 0 AND ("discount_type" <> 'percentage' OR "discount_value" <= 100));
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_code_upper" CHECK ("code" = upper("code"));
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reference_format" CHECK ("reference" ~ '^BF2-[0-9A-HJKMNP-TV-Z]{8}$');
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money_valid" CHECK ("monthly_rate" > 0 AND "insurance_monthly" >= 0 AND "total_due_today" > 0 AND "months" > 0);
ALTER TABLE "booking_supply_lines" ADD CONSTRAINT "booking_supply_lines_quantity_range" CHECK ("quantity" >= 0 AND "quantity" <= 99);
ALTER TABLE "booking_supply_lines" ADD CONSTRAINT "booking_supply_lines_money_non_negative" CHECK ("price_satang" >= 0 AND "line_total" >= 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_non_negative" CHECK ("amount_satang" >= 0);
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_size_range" CHECK ("size_bytes" > 0 AND "size_bytes" <= 10485760);
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_quantity_non_negative" CHECK ("quantity" >= 0);
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_range" CHECK ("rating" BETWEEN 1 AND 5);
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_email_lower" CHECK ("email" = lower("email"));
-- A unit that holds a booking is never shown as available.
ALTER TABLE "units" ADD CONSTRAINT "units_available_has_no_booking" CHECK ("status" <> 'available' OR "current_booking_id" IS NULL);
