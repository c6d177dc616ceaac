-- AlterTable
ALTER TABLE "GenerationOutput" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "deletedById" UUID;

-- CreateIndex
CREATE INDEX "GenerationOutput_deletedAt_idx" ON "GenerationOutput"("deletedAt");
