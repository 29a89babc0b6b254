-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "tax_branch" TEXT;
