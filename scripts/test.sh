#!/usr/bin/env bash
# Runs the whole test suite the way CI does: system packages, the import-graph check, then swift test.
# Daemons that some tests need (cupsd, udevd) are started by those tests' own fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/check-imports.sh
scripts/check-strings.sh
scripts/check-locks.sh
# Under stdbuf like `swift test` below: SwiftPM keys its cache of compiled package manifests on the environment,
# and stdbuf adds LD_PRELOAD and _STDBUF_*. Built without it, `swift test` found the cache cold and compiled all 37
# manifests again before running a test (10 s of wall time, 12 CPU s; 2–4 s with the cache).
stdbuf -oL -eL swift build --build-tests
# Under a watchdog: a test that hangs past every limit (one stuck where cancellation cannot reach it) ends the run
# with the list of tests that started and never finished, instead of holding CI until its own timeout. The output goes
# to a file (streamed here; line-buffered, so what a killed run printed is all there), so a daemon a test left behind
# cannot hold this script's output open either.
log=$(mktemp /tmp/pos-swift-test.XXXXXX)
timeout --kill-after=60 "${POS_TEST_TIME_LIMIT:-1800}" stdbuf -oL -eL swift test --skip-build "$@" >"$log" 2>&1 &
pid=$!
tail -n +1 -f --pid="$pid" "$log"
status=0
wait "$pid" || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "scripts/test.sh: swift test ran past ${POS_TEST_TIME_LIMIT:-1800} s and was stopped. Started and never finished:"
    grep -v " Test case passing \| Test run started" "$log" | sed -n 's/^.* Test \(.*\) started\.$/\1/p' | sort -u >"$log.started"
    sed -n 's/^.* Test \(.*\) \(passed\|failed\|skipped\).*$/\1/p' "$log" | sed 's/ with [0-9]* test cases*$//' | sort -u >"$log.ended"
    comm -23 "$log.started" "$log.ended" | sed 's/^/  /'
fi
rm -f "$log" "$log.started" "$log.ended"
[ "$status" -eq 0 ] || exit "$status"

# The QEMU guest tests when QEMU can run (the USB path, then a short power-cut run). POS_SKIP_QEMU=1 skips them
# (.ci/run does, and runs them itself beside the package's release build).
scripts/qemu/guest-tests.sh
