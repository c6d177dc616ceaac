-- AlterTable
ALTER TABLE "GenerationOutput" ADD COLUMN     "favorite" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN     "collectionId" UUID,
ADD COLUMN     "outputId" UUID,
ALTER COLUMN "generationId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "ShareLink_outputId_idx" ON "ShareLink"("outputId");

-- CreateIndex
CREATE INDEX "ShareLink_collectionId_idx" ON "ShareLink"("collectionId");

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_outputId_fkey" FOREIGN KEY ("outputId") REFERENCES "GenerationOutput"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A link shares one thing: a result (all of it, or one item of it) or a collection.
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_one_target" CHECK (
  ("generationId" IS NULL) <> ("collectionId" IS NULL) AND ("outputId" IS NULL OR "generationId" IS NOT NULL)
);

-- Favourites move to items: a favourited generation marks all its items.
UPDATE "GenerationOutput" o SET "favorite" = true FROM "Generation" g WHERE g."id" = o."generationId" AND g."favorite";

-- The favourites filter: a team's few favourites, newest first, without reading the rest.
CREATE INDEX "GenerationOutput_favorites_idx" ON "GenerationOutput"("teamId", "createdAt" DESC, "generationId" DESC, "entryIndex", "position") WHERE "favorite";
