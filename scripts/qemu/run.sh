#!/usr/bin/env bash
# The USB path end to end in a QEMU guest: prepares QEMU and the Debian kernel (cached in .build-qemu/),
# builds pos, packs the initramfs and runs the scenarios (scripts/qemu/harness.py). Exit 0 only if all pass.
# POS_QEMU_TIMEOUT (seconds, default 180) bounds the guest run. Skips the build when POS_BINARY names a built pos.
set -euo pipefail
cd "$(dirname "$0")/../.."
cache="${POS_QEMU_CACHE:-$PWD/.build-qemu}"
export POS_QEMU_CACHE="$cache"
started=$(date +%s)
scripts/qemu/prepare.sh
version=$(cat "$cache/kernel.version")
if [ -n "${POS_BINARY:-}" ]; then
    pos=$POS_BINARY
else
    swift build --product pos >&2
    pos="$(swift build --show-bin-path)/pos"
fi
scripts/qemu/build-initramfs.sh "$pos" "$cache/initramfs.cpio.gz"
python3=/usr/bin/python3
"$python3" scripts/qemu/harness.py "$pos" "$cache/kroot/boot/vmlinuz-$version" "$cache/initramfs.cpio.gz" "$cache/run" \
    "${POS_QEMU_TIMEOUT:-180}"
echo "qemu guest harness total (prepare + build + pack + run): $(( $(date +%s) - started )) s"
