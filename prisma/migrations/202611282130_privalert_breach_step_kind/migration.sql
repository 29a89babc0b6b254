-- Automatic breach steps carry a kind and are shown in the reader's language; typed steps keep kind NULL.
ALTER TABLE "privacy_breach_steps" ADD COLUMN "kind" TEXT;

-- Steps the register wrote before this column, in English: recognised by the text it wrote and by the instant it
-- wrote them (the same instant as the breach's recording or mark), so a step typed by staff is never taken for one.
UPDATE "privacy_breach_steps" s SET "kind" = 'recorded', "text" = ''
  FROM "privacy_breaches" b WHERE b."id" = s."breach_id" AND s."kind" IS NULL
  AND s."text" = 'Recorded in the register' AND s."created_at" = b."created_at";

UPDATE "privacy_breach_steps" s SET "kind" = m.kind,
  "text" = CASE WHEN s."text" = m.label THEN '' ELSE substr(s."text", length(m.label) + 3) END
  FROM "privacy_breaches" b,
  (VALUES ('regulator', 'Regulator notified'), ('people', 'People affected notified'), ('closed', 'Closed')) AS m(kind, label)
  WHERE b."id" = s."breach_id" AND s."kind" IS NULL
  AND (s."text" = m.label OR s."text" LIKE m.label || ': %')
  AND s."created_at" = CASE m.kind WHEN 'regulator' THEN b."regulator_notified_at" WHEN 'people' THEN b."people_notified_at" ELSE b."closed_at" END;
