#!/bin/sh
# `npm test`: every stage, stopping at the first that fails, and the time each took (printed at
# the end, also after a failure) so that one can see where the time goes.
times=$(mktemp)
logs=$(mktemp -d)
start=$(date +%s)
report() {
  echo
  echo "npm test stage times (s):"
  cat "$times"
  echo "total: $(( $(date +%s) - start )) s"
  rm -rf "$times" "$logs"
}
trap report EXIT
stage() {
  name=$1
  shift
  began=$(date +%s)
  "$@" || { echo "  $name: $(( $(date +%s) - began )) (failed)" >> "$times"; exit 1; }
  echo "  $name: $(( $(date +%s) - began ))" >> "$times"
}
# A stage in the background, its output kept in $logs/<name> until `together` shows it.
background() {
  name=$1
  shift
  (
    began=$(date +%s)
    if "$@" > "$logs/$name" 2>&1; then
      echo "  $name: $(( $(date +%s) - began ))" > "$logs/$name.time"
    else
      echo "  $name: $(( $(date +%s) - began )) (failed)" > "$logs/$name.time"
      exit 1
    fi
  ) &
}
# Waits for the background stages, shows their output in order, and stops if one failed.
together() {
  failed=0
  for pid in $pids; do wait "$pid" || failed=1; done
  for name in "$@"; do
    cat "$logs/$name"
    cat "$logs/$name.time" >> "$times"
  done
  [ "$failed" = 0 ] || exit 1
}
# The type check, the lint and the build side by side: each is one thread for most of its time and
# the machine has two cores; none reads what another writes (tsc and eslint leave build/ alone).
pids=""
background typecheck npm run typecheck --silent
pids="$pids $!"
background lint npm run lint --silent
pids="$pids $!"
background build npm run build --silent
pids="$pids $!"
together typecheck lint build
# The unit tests and the JavaScript budget side by side: the unit files spend much of their time
# waiting for PostgreSQL, the budget on one browser and one server of its own (port 3170).
pids=""
background unit npm run test:unit --silent
pids="$pids $!"
background js-budget npm run js-budget --silent
pids="$pids $!"
together unit js-budget
stage security npm run test:security --silent
stage e2e npx playwright test
