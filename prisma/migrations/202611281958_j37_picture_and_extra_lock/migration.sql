-- Issue 37: the Climate-Controlled Drive-Up unit type was seeded without a picture; give it its own where staff have
-- not chosen one since. A fresh database gets it from the seed (this runs before the seed and changes nothing there).
UPDATE "unit_types" SET "image_url" = '/units/m1cc.svg' WHERE "code" = 'm1cc' AND "image_url" IS NULL;

-- The ฿350 lock among the supplies is an extra one: the setup fee includes a lock (docs/product-rules.md). Renamed
-- where staff kept the seeded name.
UPDATE "supply_items"
SET "name" = '{"en": "Extra stainless steel lock", "th": "กุญแจสแตนเลสลูกที่สอง", "ru": "Дополнительный замок из нержавеющей стали"}'::jsonb
WHERE "id" = 'lock' AND "name"->>'en' = 'Stainless steel lock';
