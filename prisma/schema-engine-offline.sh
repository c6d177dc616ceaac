#!/bin/sh
# Stand-in for Prisma's native schema-engine (it cannot be downloaded here).
# `prisma generate|validate|format` only check that this file exists.
# Migrations: `npm run db:migrate` (apply) and `npm run db:new-migration -- <name>` (create).
echo "schema-engine is not available offline: use npm run db:migrate / db:new-migration" >&2
exit 1
