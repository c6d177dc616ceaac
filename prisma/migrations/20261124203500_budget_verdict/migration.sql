-- With nothing left even a request of unknown (zero) price is refused.
CREATE FUNCTION "budget_exceeded"("limit" DECIMAL, spent DECIMAL, estimate DECIMAL) RETURNS BOOLEAN
LANGUAGE sql IMMUTABLE AS $$
  SELECT "limit" IS NOT NULL AND (estimate > greatest("limit" - spent, 0) OR greatest("limit" - spent, 0) = 0);
$$;

-- Opening a generation is one statement (lib/generations/lifecycle.ts): this function decides,
-- and the same statement writes the generation and its reservation only when it found room.
--
-- The team row is locked first; then what counts against the budgets is read. In a VOLATILE
-- function each query sees what committed before it began, so a request that queued behind the
-- lock sees the reservations of every request before it: together they can never overspend. The
-- lock is held only for the one statement, not across round trips of a transaction.
--
-- One row: the first budget the estimate would exceed ('member', 'team' or 'key') with its limit
-- and what was spent, or a null budget when there is room ('no_team' if the team is gone).
-- Hard team and member budgets count the month's settled spend (the daily rollup, days cut in the
-- team's zone) plus every open reservation; a key's budget is always hard and counts the settled
-- and reserved lines of the generations made with it this month.
CREATE FUNCTION "budget_verdict"(team UUID, person UUID, api_key UUID, key_budget DECIMAL, estimate DECIMAL)
RETURNS TABLE ("budget" TEXT, "limit" DECIMAL, "spent" DECIMAL)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t RECORD;
  month_start DATE;
  member_spent DECIMAL;
  team_spent DECIMAL;
  key_spent DECIMAL;
BEGIN
  SELECT tm."timeZone" AS zone, tm."monthlyBudget" AS team_budget, m."monthlyBudget" AS member_budget, tm."budgetsHard" AS hard
    INTO t
    FROM "Team" tm LEFT JOIN "Membership" m ON m."teamId" = tm."id" AND m."userId" = person
    WHERE tm."id" = team
    FOR UPDATE OF tm;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_team'::TEXT, NULL::DECIMAL, NULL::DECIMAL;
    RETURN;
  END IF;
  month_start := date_trunc('month', now() AT TIME ZONE t.zone)::DATE;

  IF t.hard AND (t.team_budget IS NOT NULL OR t.member_budget IS NOT NULL) THEN
    SELECT coalesce(sum(s."amount") FILTER (WHERE s."userId" = person), 0), coalesce(sum(s."amount"), 0)
      INTO member_spent, team_spent
      FROM (
        SELECT "userId", "amount" FROM "LedgerDay" WHERE "teamId" = team AND "day" >= month_start
        UNION ALL
        SELECT "userId", "amount" FROM "LedgerEntry" WHERE "teamId" = team AND "status" = 'reserved'
      ) s;
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
    SELECT coalesce(sum(l."amount"), 0) INTO key_spent
      FROM "Generation" g JOIN "LedgerEntry" l ON l."generationId" = g."id"
      WHERE g."apiKeyId" = api_key AND l."status" IN ('reserved', 'settled')
        AND l."occurredAt" >= ((month_start::TIMESTAMP AT TIME ZONE t.zone) AT TIME ZONE 'UTC');
    IF "budget_exceeded"(key_budget, key_spent, estimate) THEN
      RETURN QUERY SELECT 'key'::TEXT, key_budget, key_spent;
      RETURN;
    END IF;
  END IF;

  RETURN QUERY SELECT NULL::TEXT, NULL::DECIMAL, NULL::DECIMAL;
END;
$$;
