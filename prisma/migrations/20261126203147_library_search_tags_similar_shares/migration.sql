-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "colors" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "phash" BIGINT;

-- AlterTable
ALTER TABLE "GenerationOutput" ADD COLUMN     "searchIndexedAt" TIMESTAMP(3),
ADD COLUMN     "searchWords" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN     "lastViewedAt" TIMESTAMP(3),
ADD COLUMN     "showModel" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "showPrompt" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "showSize" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "views" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Tag" (
    "id" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutputTag" (
    "outputId" UUID NOT NULL,
    "tagId" UUID NOT NULL,
    "addedById" UUID,
    "addedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutputTag_pkey" PRIMARY KEY ("outputId","tagId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tag_teamId_key_key" ON "Tag"("teamId", "key");

-- CreateIndex
CREATE INDEX "OutputTag_tagId_idx" ON "OutputTag"("tagId");

-- CreateIndex
CREATE INDEX "GenerationOutput_searchWords_idx" ON "GenerationOutput" USING GIN ("searchWords");

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutputTag" ADD CONSTRAINT "OutputTag_outputId_fkey" FOREIGN KEY ("outputId") REFERENCES "GenerationOutput"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutputTag" ADD CONSTRAINT "OutputTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;
