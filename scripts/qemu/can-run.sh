#!/usr/bin/env bash
# Says whether the QEMU guest harness can run here: exit 0, or exit 1 with the reason on stdout.
# Needs: root (apt, device nodes), qemu-system-x86_64 or apt to install it, 2 GB free disk, and either the cached
# kernel (.build-qemu/kernel.version) or a reachable apt mirror. KVM is not needed (TCG).
cd "$(dirname "$0")/../.."
cache="${POS_QEMU_CACHE:-$PWD/.build-qemu}"
if [ "${POS_SKIP_QEMU:-0}" = 1 ]; then echo "POS_SKIP_QEMU=1"; exit 1; fi
if [ "$(id -u)" -ne 0 ]; then echo "not root"; exit 1; fi
if [ "$(uname -m)" != x86_64 ]; then echo "not an x86_64 host"; exit 1; fi
free_kb=$(df -Pk . | awk 'NR == 2 { print $4 }')
if [ "${free_kb:-0}" -lt 2097152 ]; then echo "less than 2 GB free disk"; exit 1; fi
if [ -f "$cache/kernel.version" ] && command -v qemu-system-x86_64 >/dev/null && [ -x /bin/busybox ]; then exit 0; fi
command -v apt-get >/dev/null || { echo "no apt-get and no cached QEMU/kernel"; exit 1; }
mirror=$(grep -h -o -E '^(URIs:|deb) +[a-z]+://[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null \
    | awk '{ print $2 }' | head -1)
[ -n "$mirror" ] || { echo "no apt mirror configured and no cached QEMU/kernel"; exit 1; }
# Any HTTP answer (a mirror may answer its bare URL with 404) means it is reachable; only no answer is not.
probe='import sys, urllib.request, urllib.error
try: urllib.request.urlopen(sys.argv[1], timeout=5)
except urllib.error.HTTPError: pass'
if ! /usr/bin/python3 -c "$probe" "$mirror" >/dev/null 2>&1; then
    echo "apt mirror $mirror unreachable and no cached QEMU/kernel"; exit 1
fi
exit 0
