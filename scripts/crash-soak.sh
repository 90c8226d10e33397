#!/usr/bin/env bash
# Crash soak: N iterations (default 50) of cash, card and split-tender sales and syncs against
# woo-test-server with faults on and `pos terminal-sim` (ZVT over TCP, its own process and ledger, some declines),
# killing pos with SIGKILL at a random moment in a share of them (SOAK_KILL_SHARE, default 0.3). Then it resolves,
# syncs until clean and verifies server, local database and terminal ledger; the last line is
#   lost=A duplicated=B double_charged=C unreceipted=D
# and the exit status is 0 only when all four are 0.
#
# SOAK_SABOTAGE=delete-order deletes one synced order before verifying (the verifier must report lost=1).
# Usage: scripts/crash-soak.sh [N]     (needs `swift build -c release`: .build/release/pos and woo-test-server;
#        POS_BIN_DIR=.build/debug for a debug build). The seed is printed first; SOAK_SEED=S replays a run.
set -euo pipefail
cd "$(dirname "$0")/.."
exec /usr/bin/python3 scripts/crash_soak.py "${1:-50}"
