-- AlterTable
ALTER TABLE "waiting_list_entries" ADD COLUMN     "client_key" TEXT;
