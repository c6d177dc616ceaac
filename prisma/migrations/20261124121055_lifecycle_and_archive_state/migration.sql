-- CreateEnum
CREATE TYPE "ArchiveState" AS ENUM ('archiving', 'archived', 'unsaved');

-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "cancelRequestedAt" TIMESTAMP(3),
ADD COLUMN     "requestId" UUID;

-- AlterTable
ALTER TABLE "GenerationOutput" ADD COLUMN     "archive" "ArchiveState";

-- CreateIndex
CREATE INDEX "Generation_requestId_idx" ON "Generation"("requestId");

-- Existing outputs: stored ones are archived; a URL result still unstored an hour on will not be.
UPDATE "GenerationOutput" SET "archive" = 'archived' WHERE "assetId" IS NOT NULL;
UPDATE "GenerationOutput" SET "archive" = CASE WHEN "createdAt" > (now() AT TIME ZONE 'UTC') - interval '1 hour' THEN 'archiving'::"ArchiveState" ELSE 'unsaved'::"ArchiveState" END
  WHERE "assetId" IS NULL AND status = 'completed' AND "upstreamUrl" IS NOT NULL;
