-- AlterTable
ALTER TABLE "LedgerEntry" ADD COLUMN     "leaseId" UUID;

-- CreateTable
CREATE TABLE "ProcessLease" (
    "id" UUID NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "renewedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessLease_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LedgerEntry_leaseId_idx" ON "LedgerEntry"("leaseId");
