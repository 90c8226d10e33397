#!/usr/bin/env bash
# Runs the whole test suite the way CI does: system packages, the import-graph check, then swift test.
# Daemons that some tests need (cupsd, udevd) are started by those tests' own fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/check-imports.sh
scripts/check-strings.sh
swift build --build-tests
swift test --skip-build "$@"

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
