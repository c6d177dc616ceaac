-- AlterTable
ALTER TABLE "VideoTask" ADD COLUMN     "estimatedAt" TIMESTAMP(3),
ADD COLUMN     "syncedAt" TIMESTAMP(3);
