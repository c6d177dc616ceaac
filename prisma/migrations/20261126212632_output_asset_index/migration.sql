-- CreateIndex
CREATE INDEX "GenerationOutput_assetId_idx" ON "GenerationOutput"("assetId");
