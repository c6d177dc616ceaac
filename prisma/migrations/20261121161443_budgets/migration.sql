-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "monthlyBudget" DECIMAL(14,4);

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "budgetsHard" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "monthlyBudget" DECIMAL(14,4);

-- CreateTable
CREATE TABLE "LedgerDay" (
    "teamId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "userId" UUID NOT NULL,
    "kind" "GenerationKind" NOT NULL,
    "model" TEXT NOT NULL,
    "amount" DECIMAL(16,4) NOT NULL,
    "lines" INTEGER NOT NULL,

    CONSTRAINT "LedgerDay_pkey" PRIMARY KEY ("teamId","day","userId","kind","model")
);

-- CreateIndex
CREATE INDEX "LedgerDay_teamId_userId_day_idx" ON "LedgerDay"("teamId", "userId", "day");

-- CreateIndex
CREATE INDEX "Generation_teamId_costTotal_idx" ON "Generation"("teamId", "costTotal" DESC);

-- CreateIndex
CREATE INDEX "LedgerEntry_teamId_status_idx" ON "LedgerEntry"("teamId", "status");

-- Daily spend rollup: every settled ledger line is added to (and, if it stops being settled or is
-- deleted, taken back from) its team's local day, in the same transaction as the line itself.
-- FOR SHARE on the team row: a concurrent time-zone change (which rebuilds the team's days) waits
-- for this line, or this line waits for it and files itself under the new zone.
CREATE FUNCTION "ledger_day_add"(team UUID, person UUID, k "GenerationKind", m TEXT, at TIMESTAMP(3), delta DECIMAL, n INTEGER) RETURNS VOID
LANGUAGE sql AS $$
  INSERT INTO "LedgerDay" ("teamId", "day", "userId", "kind", "model", "amount", "lines")
  SELECT team, ((at AT TIME ZONE 'UTC') AT TIME ZONE t."timeZone")::date, person, k, m, delta, n
  FROM (SELECT "timeZone" FROM "Team" WHERE "id" = team FOR SHARE) t
  ON CONFLICT ("teamId", "day", "userId", "kind", "model")
  DO UPDATE SET "amount" = "LedgerDay"."amount" + EXCLUDED."amount", "lines" = "LedgerDay"."lines" + EXCLUDED."lines";
$$;

CREATE FUNCTION "ledger_day_apply"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'settled' THEN
    PERFORM "ledger_day_add"(OLD."teamId", OLD."userId", OLD."kind", OLD."model", OLD."occurredAt", -OLD."amount", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'settled' THEN
    PERFORM "ledger_day_add"(NEW."teamId", NEW."userId", NEW."kind", NEW."model", NEW."occurredAt", NEW."amount", 1);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "LedgerEntry_ledger_day" AFTER INSERT OR UPDATE OR DELETE ON "LedgerEntry"
FOR EACH ROW EXECUTE FUNCTION "ledger_day_apply"();
