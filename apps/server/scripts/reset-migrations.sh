#!/usr/bin/env bash
# PRE-RELEASE ONLY (before the first deployment): rebuilds the migrations from scratch as
#   0000_extensions.sql (src/db/extensions.sql) + 0001_init.sql (drizzle-kit from the generated schema).
# After a release, use `npm run db:generate`, which adds a new numbered migration instead.
set -euo pipefail
cd "$(dirname "$0")/.."
# one run at a time (several people may regenerate in the same tree)
exec 9>/tmp/paco-reset-migrations.lock
flock 9
npx tsx scripts/generate-schema.ts
rm -rf drizzle
npx drizzle-kit generate --custom --name extensions >/dev/null
cp src/db/extensions.sql drizzle/0000_extensions.sql
npx drizzle-kit generate --name init
