-- AlterTable
ALTER TABLE "waiting_list_entries" ADD COLUMN     "unit_label" TEXT;
