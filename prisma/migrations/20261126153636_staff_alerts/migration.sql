-- AlterTable
ALTER TABLE "users" ADD COLUMN     "alert_locale" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "alerts_off" TEXT[] DEFAULT ARRAY[]::TEXT[];
