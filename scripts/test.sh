#!/bin/sh
# `npm test`: every stage in order, stopping at the first that fails, and the time each took
# (printed at the end, also after a failure) so that one can see where the time goes.
times=$(mktemp)
start=$(date +%s)
report() {
  echo
  echo "npm test stage times (s):"
  cat "$times"
  echo "total: $(( $(date +%s) - start )) s"
  rm -f "$times"
}
trap report EXIT
stage() {
  name=$1
  shift
  began=$(date +%s)
  "$@" || { echo "  $name: $(( $(date +%s) - began )) (failed)" >> "$times"; exit 1; }
  echo "  $name: $(( $(date +%s) - began ))" >> "$times"
}
stage typecheck npm run typecheck --silent
stage lint npm run lint --silent
stage unit npm run test:unit --silent
stage build npm run build --silent
stage js-budget npm run js-budget --silent
stage security npm run test:security --silent
stage e2e npx playwright test
