#!/usr/bin/env bash
# Every module pos ships locks a Mutex through `locked` (POSFoundation's Mutex+Locked.swift says why: an inlined
# `withLock` in async code can record another thread's id and crash the unlock). Fails on any other `withLock` in
# Sources, except in the test servers, which cannot import POSFoundation and ship in no package, and in Localization,
# whose three locking functions are marked @inline(never) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(grep -rn --include='*.swift' -E '(\.|\b)withLock\b' Sources \
    | grep -v -e '^Sources/POSFoundation/Concurrency/Mutex+Locked.swift:' \
              -e '^Sources/WooTestServer/' -e '^Sources/FiskalyTestServer/' -e '^Sources/Localization/Strings.swift:' || true)
if [ -n "$found" ]; then
    echo "check-locks: use Mutex.locked (POSFoundation), not withLock:"
    echo "$found"
    exit 1
fi
echo "check-locks: ok"
