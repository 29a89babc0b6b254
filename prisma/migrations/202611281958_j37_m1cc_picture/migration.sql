-- Issue 37: the Climate-Controlled Drive-Up unit type was seeded without a picture; give it its own where staff have
-- not chosen one since. A fresh database gets it from the seed (this runs before the seed and changes nothing there).
UPDATE "unit_types" SET "image_url" = '/units/m1cc.svg' WHERE "code" = 'm1cc' AND "image_url" IS NULL;
