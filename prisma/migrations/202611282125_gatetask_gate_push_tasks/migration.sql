-- Gate pushes move onto the task queue (lib/platform/tasks): each gate change gets a gate.push task; gate_changes stays
-- the access record with its outcome for staff, and loses its own backoff.

-- Changes still to push become gate.push tasks (their attempts so far kept). One the old backoff had given up on
-- becomes a dead task: it stays on staff's list on /admin and can be retried from /admin/jobs. Sent and done changes
-- need nothing more.
INSERT INTO "tasks" ("id", "type", "payload", "dedupe_key", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at", "finished_at")
SELECT 'gate-' || "id", 'gate.push', jsonb_build_object('changeId', "id"), 'gate:' || "id",
       CASE WHEN "attempts" >= 8 THEN 'dead' ELSE 'pending' END,
       "attempts", 8, "next_attempt_at", "last_error", "created_at",
       CASE WHEN "attempts" >= 8 THEN CURRENT_TIMESTAMP END
FROM "gate_changes"
WHERE "status" IN ('pending', 'failed')
ON CONFLICT ("dedupe_key") DO NOTHING;

-- DropIndex
DROP INDEX "gate_changes_status_next_attempt_at_idx";

-- AlterTable
ALTER TABLE "gate_changes" DROP COLUMN "next_attempt_at";

-- CreateIndex
CREATE INDEX "gate_changes_status_created_at_idx" ON "gate_changes"("status", "created_at");
