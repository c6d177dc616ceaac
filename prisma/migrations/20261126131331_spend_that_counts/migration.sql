-- What counts against the monthly budgets, defined once, here: budget_verdict decides with these
-- functions, and every figure shown against a budget (the budgets page and the studio's banner,
-- the dashboard's budget cards, API keys' spend, budget alerts) is read from them
-- (lib/ledger/budgets.ts). Months are cut in the team's time zone.

-- The first local day of this month in the team's time zone.
CREATE FUNCTION "budget_month"(team UUID) RETURNS DATE
LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', now() AT TIME ZONE "timeZone")::DATE FROM "Team" WHERE "id" = team;
$$;

-- What counts against a team's monthly budgets: the month's settled spend (the daily rollup, days
-- cut in the team's zone) plus every open reservation, whenever made. One row for the team's own
-- budget (a null "userId": all of it, people who left included) and one per person who spent (a
-- member's budget), from one pass.
CREATE FUNCTION "team_month_spend"(team UUID)
RETURNS TABLE ("userId" UUID, "spent" DECIMAL)
LANGUAGE sql STABLE AS $$
  SELECT s."userId", coalesce(sum(s."amount"), 0) FROM (
    SELECT d."userId", d."amount" FROM "LedgerDay" d WHERE d."teamId" = team AND d."day" >= (SELECT "budget_month"(team))
    UNION ALL
    SELECT e."userId", e."amount" FROM "LedgerEntry" e WHERE e."teamId" = team AND e."status" = 'reserved'
  ) s
  GROUP BY GROUPING SETS ((s."userId"), ());
$$;

-- A key's budget counts the settled and reserved lines of the generations made with it since its
-- team's month began.
CREATE FUNCTION "key_month_spend"(api_key UUID) RETURNS DECIMAL
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(l."amount"), 0)
  FROM "Generation" g JOIN "LedgerEntry" l ON l."generationId" = g."id"
  WHERE g."apiKeyId" = api_key AND l."status" IN ('reserved', 'settled')
    AND l."occurredAt" >= (
      SELECT ("budget_month"(t."id")::TIMESTAMP AT TIME ZONE t."timeZone") AT TIME ZONE 'UTC'
      FROM "ApiKey" k JOIN "Team" t ON t."id" = k."teamId" WHERE k."id" = api_key);
$$;

-- budget_verdict as before (prisma/migrations/20261124203500_budget_verdict: the team row locked
-- first, then what counts read in a fresh snapshot), now reading what counts from the functions
-- above.
CREATE OR REPLACE FUNCTION "budget_verdict"(team UUID, person UUID, api_key UUID, key_budget DECIMAL, estimate DECIMAL)
RETURNS TABLE ("budget" TEXT, "limit" DECIMAL, "spent" DECIMAL)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t RECORD;
  member_spent DECIMAL;
  team_spent DECIMAL;
  key_spent DECIMAL;
BEGIN
  SELECT tm."monthlyBudget" AS team_budget, m."monthlyBudget" AS member_budget, tm."budgetsHard" AS hard
    INTO t
    FROM "Team" tm LEFT JOIN "Membership" m ON m."teamId" = tm."id" AND m."userId" = person
    WHERE tm."id" = team
    FOR UPDATE OF tm;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_team'::TEXT, NULL::DECIMAL, NULL::DECIMAL;
    RETURN;
  END IF;

  IF t.hard AND (t.team_budget IS NOT NULL OR t.member_budget IS NOT NULL) THEN
    SELECT coalesce(max(s."spent") FILTER (WHERE s."userId" = person), 0), max(s."spent") FILTER (WHERE s."userId" IS NULL)
      INTO member_spent, team_spent
      FROM "team_month_spend"(team) s;
    IF "budget_exceeded"(t.member_budget, member_spent, estimate) THEN
      RETURN QUERY SELECT 'member'::TEXT, t.member_budget, member_spent;
      RETURN;
    END IF;
    IF "budget_exceeded"(t.team_budget, team_spent, estimate) THEN
      RETURN QUERY SELECT 'team'::TEXT, t.team_budget, team_spent;
      RETURN;
    END IF;
  END IF;

  IF key_budget IS NOT NULL THEN
    key_spent := "key_month_spend"(api_key);
    IF "budget_exceeded"(key_budget, key_spent, estimate) THEN
      RETURN QUERY SELECT 'key'::TEXT, key_budget, key_spent;
      RETURN;
    END IF;
  END IF;

  RETURN QUERY SELECT NULL::TEXT, NULL::DECIMAL, NULL::DECIMAL;
END;
$$;
