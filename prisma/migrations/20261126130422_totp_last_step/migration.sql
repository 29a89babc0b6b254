-- AlterTable
ALTER TABLE "users" ADD COLUMN     "totp_last_step" INTEGER;
