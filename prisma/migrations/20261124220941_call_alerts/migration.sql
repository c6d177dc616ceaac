-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AlertRule" ADD VALUE 'failures';
ALTER TYPE "AlertRule" ADD VALUE 'slow';

-- AlterTable
ALTER TABLE "AlertSettings" ADD COLUMN     "callsAtLeast" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "failingSince" TIMESTAMP(3),
ADD COLUMN     "failurePercent" INTEGER,
ADD COLUMN     "slowP95Seconds" DOUBLE PRECISION,
ADD COLUMN     "slowSince" TIMESTAMP(3);
