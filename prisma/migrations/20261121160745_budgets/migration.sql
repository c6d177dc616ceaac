-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "monthlyBudget" DECIMAL(14,4);

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "budgetsHard" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "monthlyBudget" DECIMAL(14,4);

-- CreateIndex
CREATE INDEX "LedgerEntry_status_occurredAt_idx" ON "LedgerEntry"("status", "occurredAt");
