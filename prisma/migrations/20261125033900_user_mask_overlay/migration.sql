-- AlterTable
ALTER TABLE "User" ADD COLUMN     "maskOverlay" JSONB;
