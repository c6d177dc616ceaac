-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "pricesRaisedAt" TIMESTAMP(3);
