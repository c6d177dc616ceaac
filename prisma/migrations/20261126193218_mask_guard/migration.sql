-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "pickedOutputId" UUID;

-- AlterTable
ALTER TABLE "GenerationOutput" ADD COLUMN     "maskChanged" DOUBLE PRECISION,
ADD COLUMN     "maskGuard" JSONB,
ADD COLUMN     "rawAssetId" UUID,
ADD COLUMN     "upstreamMs" INTEGER;

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "maskGuard" BOOLEAN NOT NULL DEFAULT true;

-- AddForeignKey
ALTER TABLE "GenerationOutput" ADD CONSTRAINT "GenerationOutput_rawAssetId_fkey" FOREIGN KEY ("rawAssetId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;
