#!/usr/bin/env bash
# Runs the whole test suite the way CI does: system packages, the import-graph check, then swift test.
# Daemons that some tests need (cupsd, udevd) are started by those tests' own fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/check-imports.sh
scripts/check-strings.sh
scripts/check-locks.sh
swift build --build-tests
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

# The USB path in a QEMU guest (scripts/qemu/run.sh), when QEMU can run here; then a short power-cut run (10 cuts,
# a new seed each time, printed; 8-13 minutes on the shared 2-core machine under TCG, a cut being a 25-50 s boot and
# up to two sales; the 200-cut run is in docs/hardware.md). Its audit loop-mounts the disk image, so it also needs a
# free loop device.
if reason=$(scripts/qemu/can-run.sh); then
    scripts/qemu/run.sh
    if losetup -f >/dev/null 2>&1; then
        scripts/qemu/power-cut.sh --cuts "${POS_POWER_CUTS:-10}" ${POS_POWER_CUT_SEED:+--seed "$POS_POWER_CUT_SEED"}
    else
        echo "qemu power-cut run skipped: no free loop device"
    fi
else
    echo "qemu guest tests skipped: $reason"
fi
