#!/usr/bin/env bash
# Prepares the QEMU guest harness: installs QEMU, busybox and kmod when missing, downloads the Debian kernel
# package that linux-image-amd64 currently points at, extracts it and runs depmod. Everything is cached under
# .build-qemu/ (git-ignored), so a second run does nothing. Needs root (or sudo) only for apt.
set -euo pipefail
cd "$(dirname "$0")/../.."
cache="${POS_QEMU_CACHE:-$PWD/.build-qemu}"
mkdir -p "$cache"

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

packages=(qemu-system-x86 qemu-utils busybox-static kmod)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "qemu-prepare: installing ${missing[*]}" >&2
    $sudo apt-get update -qq -o DPkg::Lock::Timeout=600
    for attempt in 1 2 3; do
        if $sudo apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}" \
            >> "$cache/apt.log" 2>&1; then
            break
        fi
        echo "qemu-prepare: apt-get failed (attempt $attempt, see $cache/apt.log), retrying" >&2
        [ "$attempt" -eq 3 ] && exit 1
    done
fi

# The kernel: linux-image-amd64 is a metapackage; its dependency names the versioned image package.
if [ ! -f "$cache/kernel.version" ]; then
    image=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
    if [ -z "$image" ]; then
        $sudo apt-get update -qq -o DPkg::Lock::Timeout=600
        image=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
    fi
    [ -n "$image" ] || { echo "qemu-prepare: cannot resolve the kernel package" >&2; exit 1; }
    version=${image#linux-image-}
    rm -rf "$cache/kroot" "$cache"/linux-image-*.deb
    (cd "$cache" && apt-get download -q "$image" 2>&1 | grep -v '_apt' >&2 || true)
    deb=$(ls "$cache"/linux-image-*.deb | head -1)
    dpkg-deb -x "$deb" "$cache/kroot"
    depmod -b "$cache/kroot" "$version"
    rm -f "$deb"
    echo "$version" > "$cache/kernel.version"
fi
echo "qemu-prepare: kernel $(cat "$cache/kernel.version") in $cache/kroot" >&2
