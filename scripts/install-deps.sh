#!/usr/bin/env bash
# Installs the Debian packages pos needs to build, run and test, if any is missing. Safe to run again.
# (apt flags per docs/operations notes: --no-install-recommends, a lock timeout, and a retry loop, because some
# images delete downloaded .debs between dpkg passes.)
set -euo pipefail

packages=(
    pkg-config
    libsqlite3-dev libcurl4-openssl-dev   # GRDB's SQLite; URLSession (FoundationNetworking) uses libcurl
    libusb-1.0-0-dev libudev-dev          # card terminals over USB, hotplug
    libcups2-dev cups cups-client cups-bsd  # printing; cupsd for the printing tests
    libncurses-dev                         # the counter's terminal screen
    tmux socat                             # end-to-end tests: a real terminal, serial pty pairs
    udev                                   # systemd-udevd for the udev monitor test (started and stopped by the test)
)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq -o DPkg::Lock::Timeout=600
for attempt in 1 2 3; do
    if $sudo apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2; then
        exit 0
    fi
    echo "install-deps: apt-get failed (attempt $attempt), retrying" >&2
done
echo "install-deps: could not install ${missing[*]}; install them with apt-get and run again" >&2
exit 1
