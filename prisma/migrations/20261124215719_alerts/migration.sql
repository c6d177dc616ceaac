-- CreateEnum
CREATE TYPE "AlertRule" AS ENUM ('budget');

-- CreateEnum
CREATE TYPE "AlertChannel" AS ENUM ('email', 'webhook');

-- CreateEnum
CREATE TYPE "AlertDelivery" AS ENUM ('pending', 'delivered', 'failed', 'superseded');

-- CreateTable
CREATE TABLE "AlertSettings" (
    "teamId" UUID NOT NULL,
    "budgetThresholds" INTEGER[] DEFAULT ARRAY[50, 80, 100]::INTEGER[],
    "email" BOOLEAN NOT NULL DEFAULT true,
    "webhookUrl" TEXT,
    "webhookSecret" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertSettings_pkey" PRIMARY KEY ("teamId")
);

-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "rule" "AlertRule" NOT NULL,
    "subject" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "channel" "AlertChannel" NOT NULL,
    "status" "AlertDelivery" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "recipients" TEXT,
    "error" TEXT,
    "payload" JSONB NOT NULL,
    "firedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "AlertEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AlertEvent_teamId_firedAt_idx" ON "AlertEvent"("teamId", "firedAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "AlertEvent_teamId_rule_subject_threshold_period_channel_key" ON "AlertEvent"("teamId", "rule", "subject", "threshold", "period", "channel");

-- AddForeignKey
ALTER TABLE "AlertSettings" ADD CONSTRAINT "AlertSettings_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertEvent" ADD CONSTRAINT "AlertEvent_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;
