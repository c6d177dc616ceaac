-- CreateEnum
CREATE TYPE "ReviewState" AS ENUM ('draft', 'in_review', 'approved', 'changes_requested');

-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('awaiting_approval', 'approved', 'running', 'completed', 'refused', 'declined', 'cancelled', 'expired', 'void');

-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('mention', 'reply', 'approval_asked', 'approval_decided');

-- AlterEnum
ALTER TYPE "AlertRule" ADD VALUE 'approval';

-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "approvalId" UUID,
ADD COLUMN     "reviewAt" TIMESTAMP(3),
ADD COLUMN     "reviewById" UUID,
ADD COLUMN     "reviewState" "ReviewState" NOT NULL DEFAULT 'draft';

-- AlterTable
ALTER TABLE "GenerationOutput" ADD COLUMN     "columnWinner" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reviewAt" TIMESTAMP(3),
ADD COLUMN     "reviewById" UUID,
ADD COLUMN     "reviewState" "ReviewState" NOT NULL DEFAULT 'draft',
ADD COLUMN     "winner" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "approvalAbove" DECIMAL(14,4);

-- AlterTable
ALTER TABLE "UserSession" ADD COLUMN     "lastSeenAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ApprovalRequest" (
    "id" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "apiKeyId" UUID,
    "kind" "GenerationKind" NOT NULL,
    "prompt" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "assetIds" UUID[],
    "estimate" DECIMAL(14,4) NOT NULL,
    "charges" JSONB NOT NULL,
    "requesterRole" "Role" NOT NULL,
    "status" "ApprovalStatus" NOT NULL DEFAULT 'awaiting_approval',
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "reason" TEXT,
    "reasonKey" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApprovalRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Comment" (
    "id" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "outputId" UUID NOT NULL,
    "threadId" UUID,
    "authorId" UUID,
    "body" TEXT NOT NULL,
    "x" INTEGER,
    "y" INTEGER,
    "w" INTEGER,
    "h" INTEGER,
    "t" DOUBLE PRECISION,
    "mentions" UUID[],
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" UUID,
    "editedAt" TIMESTAMP(3),
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rating" (
    "outputId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "stars" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("outputId","userId")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "actorId" UUID,
    "commentId" UUID,
    "approvalId" UUID,
    "outputId" UUID,
    "readAt" TIMESTAMP(3),
    "emailedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Decision" (
    "id" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "actorId" UUID,
    "action" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "details" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Decision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ApprovalRequest_teamId_status_createdAt_idx" ON "ApprovalRequest"("teamId", "status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ApprovalRequest_teamId_userId_createdAt_idx" ON "ApprovalRequest"("teamId", "userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ApprovalRequest_status_expiresAt_idx" ON "ApprovalRequest"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "Comment_outputId_createdAt_idx" ON "Comment"("outputId", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_threadId_createdAt_idx" ON "Comment"("threadId", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_userId_teamId_createdAt_idx" ON "Notification"("userId", "teamId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Decision_teamId_createdAt_idx" ON "Decision"("teamId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Generation_approvalId_key" ON "Generation"("approvalId");

-- AddForeignKey
ALTER TABLE "ApprovalRequest" ADD CONSTRAINT "ApprovalRequest_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_outputId_fkey" FOREIGN KEY ("outputId") REFERENCES "GenerationOutput"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_outputId_fkey" FOREIGN KEY ("outputId") REFERENCES "GenerationOutput"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_approvalId_fkey" FOREIGN KEY ("approvalId") REFERENCES "ApprovalRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One winner per board, and one per column (a model's images on a board): partial unique indexes,
-- which the schema cannot say (marking locks the board row first, so two marks take turns).
CREATE UNIQUE INDEX "GenerationOutput_board_winner_key" ON "GenerationOutput"("generationId") WHERE "winner";
CREATE UNIQUE INDEX "GenerationOutput_column_winner_key" ON "GenerationOutput"("generationId", "entryIndex") WHERE "columnWinner";

-- The library's review filters: a team's results in a state, newest first (most results are drafts:
-- only the others are indexed).
CREATE INDEX "GenerationOutput_review_idx" ON "GenerationOutput"("teamId", "reviewState", "createdAt" DESC) WHERE "reviewState" <> 'draft';

-- The inbox's email job reads only what is unread and not yet emailed.
CREATE INDEX "Notification_unsent_idx" ON "Notification"("createdAt") WHERE "readAt" IS NULL AND "emailedAt" IS NULL;
