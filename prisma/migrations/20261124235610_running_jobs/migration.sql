-- CreateTable
CREATE TABLE "RunningJob" (
    "id" UUID NOT NULL,
    "queue" TEXT NOT NULL,
    "leaseId" UUID NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunningJob_pkey" PRIMARY KEY ("id")
);
