-- System calls: those no member's request made (a job's, or the server's own model list). They
-- are logged as "system", not as a member, and Dashboard → Requests hides them unless asked.
ALTER TABLE "RequestLog" ADD COLUMN     "system" BOOLEAN NOT NULL DEFAULT false;

-- Until now every model list and every video status read was such a call (the catalog's refresh
-- and the video jobs), logged under the member whose key it used.
UPDATE "RequestLog" SET "system" = true, "userId" = NULL WHERE "operation" IN ('models', 'videos.status');
