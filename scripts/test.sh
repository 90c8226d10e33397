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

# The USB path in a QEMU guest (scripts/qemu/run.sh), when QEMU can run here.
if reason=$(scripts/qemu/can-run.sh); then
    scripts/qemu/run.sh
else
    echo "qemu guest tests skipped: $reason"
fi
