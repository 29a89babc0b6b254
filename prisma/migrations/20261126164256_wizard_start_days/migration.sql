-- CreateTable
CREATE TABLE "wizard_start_days" (
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "wizard_start_days_pkey" PRIMARY KEY ("day")
);
