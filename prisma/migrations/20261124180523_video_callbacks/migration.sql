-- AlterTable
ALTER TABLE "VideoTask" ADD COLUMN     "callbackUrl" TEXT;
