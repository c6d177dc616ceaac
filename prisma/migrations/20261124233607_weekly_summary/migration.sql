-- AlterEnum
ALTER TYPE "AlertRule" ADD VALUE 'weekly';

-- AlterTable
ALTER TABLE "AlertSettings" ADD COLUMN     "weeklySummarySince" TIMESTAMP(3);
