-- CreateTable
CREATE TABLE "RequestLog" (
    "id" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "userId" UUID,
    "apiKeyId" UUID,
    "operation" TEXT NOT NULL,
    "models" TEXT[],
    "status" INTEGER NOT NULL,
    "upstreamMs" INTEGER NOT NULL,
    "totalMs" INTEGER,
    "cost" DECIMAL(14,4),
    "errorCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RequestLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RequestLog_teamId_createdAt_idx" ON "RequestLog"("teamId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "RequestLog_createdAt_idx" ON "RequestLog"("createdAt");
