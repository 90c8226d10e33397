#!/usr/bin/env bash
# The QEMU guest tests, when QEMU can run here: the USB path (scripts/qemu/run.sh), then a short power-cut run
# (scripts/qemu/power-cut.sh: 10 cuts, a new seed each time, printed; 4-13 minutes on the shared 2-core machine under
# TCG, a cut being a 7-50 s boot and up to two sales; the 200-cut run is in docs/hardware.md). Its audit
# loop-mounts the disk image, so it also needs a free loop device. scripts/test.sh runs this after swift test;
# .ci/run runs it beside the Debian package's release build. POS_SKIP_QEMU=1 skips it. POS_BINARY: a built pos to
# use (no swift build here, so nothing waits for another build's lock); POS_POWER_CUTS, POS_POWER_CUT_SEED: the
# short run's cuts and seed.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! reason=$(scripts/qemu/can-run.sh); then
    echo "qemu guest tests skipped: $reason"
    exit 0
fi
scripts/qemu/run.sh
if losetup -f >/dev/null 2>&1; then
    scripts/qemu/power-cut.sh --cuts "${POS_POWER_CUTS:-10}" ${POS_POWER_CUT_SEED:+--seed "$POS_POWER_CUT_SEED"}
else
    echo "qemu power-cut run skipped: no free loop device"
fi
