-- CreateTable
CREATE TABLE "stored_files" (
    "key" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "meta" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "job_runs" (
    "id" TEXT NOT NULL,
    "job" TEXT NOT NULL,
    "slot" TIMESTAMP(3) NOT NULL,
    "as_of" TIMESTAMP(3) NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "duration_ms" INTEGER,
    "result" JSONB,
    "error" TEXT,
    "lease_until" TIMESTAMP(3) NOT NULL,
    "next_attempt_at" TIMESTAMP(3),
    "actor_email" TEXT,

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "public_data_changes" (
    "id" SERIAL NOT NULL,
    "kinds" TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "public_data_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stored_files_created_at_idx" ON "stored_files"("created_at");

-- CreateIndex
CREATE INDEX "job_runs_job_started_at_idx" ON "job_runs"("job", "started_at");

-- CreateIndex
CREATE INDEX "job_runs_status_next_attempt_at_idx" ON "job_runs"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "job_runs_job_slot_key" ON "job_runs"("job", "slot");

-- CreateIndex
CREATE INDEX "public_data_changes_created_at_idx" ON "public_data_changes"("created_at");
