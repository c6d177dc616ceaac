-- The library pages a team's results by index: each output carries its generation's team, author and kind.
ALTER TABLE "GenerationOutput" ADD COLUMN "kind" "GenerationKind",
ADD COLUMN "teamId" UUID,
ADD COLUMN "userId" UUID;

UPDATE "GenerationOutput" AS o SET "teamId" = g."teamId", "userId" = g."userId", "kind" = g."kind"
FROM "Generation" AS g WHERE g."id" = o."generationId";

ALTER TABLE "GenerationOutput" ALTER COLUMN "kind" SET NOT NULL,
ALTER COLUMN "teamId" SET NOT NULL,
ALTER COLUMN "userId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "GenerationOutput_teamId_createdAt_generationId_entryIndex_p_idx" ON "GenerationOutput"("teamId", "createdAt" DESC, "generationId" DESC, "entryIndex", "position");
