#!/usr/bin/env bash
# The power-cut run: pos sells in the QEMU guest on an ext4 virtio disk while the host cuts the power
# at seeded random moments and audits the disk after each cut (scripts/qemu/power-cut.py says what it checks).
# Usage: scripts/qemu/power-cut.sh [--cuts N] [--seed S] [--max-sales N] [--dirty CENTISECONDS] [--mount OPTS]
#   scripts/test.sh runs a short run (--cuts 10, scripts/qemu/guest-tests.sh); the acceptance run is --cuts 200
#   (see docs/hardware.md).
# Needs what scripts/qemu/can-run.sh checks, plus a loop device (the audit mounts the image). TCG
# (POS_QEMU_ACCEL=kvm where KVM boots the Debian kernel). Skips the build when POS_BINARY names a built pos.
set -euo pipefail
cd "$(dirname "$0")/../.."
cache="${POS_QEMU_CACHE:-$PWD/.build-qemu}"
export POS_QEMU_CACHE="$cache"
scripts/qemu/prepare.sh
version=$(cat "$cache/kernel.version")
if [ -n "${POS_BINARY:-}" ]; then
    pos=$POS_BINARY
else
    swift build --product pos >&2
    pos="$(swift build --show-bin-path)/pos"
fi
scripts/qemu/build-power-cut-images.sh "$pos" "$cache/power-cut.cpio.gz" "$cache/power-cut-tools.img"
exec /usr/bin/python3 scripts/qemu/power-cut.py --pos "$pos" --kernel "$cache/kroot/boot/vmlinuz-$version" \
    --initrd "$cache/power-cut.cpio.gz" --tools "$cache/power-cut-tools.img" --work "$cache/power-cut" "$@"
