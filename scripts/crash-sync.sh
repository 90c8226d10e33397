#!/usr/bin/env bash
# Crash test of the sync engine: kills `pos sync` with SIGKILL at random moments N times
# (default 100) against a test server that loses responses after committing, then runs a clean `pos sync` and
# checks through /__test/state that every queued sale is on the server exactly once.
#
# Usage: scripts/crash-sync.sh [N] [SALES]   (needs `swift build`: .build/debug/pos and woo-test-server)
# SALES sales are queued first and 3 more before each run, so every run has work to die in; the server answers
# each request after 15 ms so the kill lands mid-sync. Sales are real `pos sell --pay cash` sales of a zero-rate
# product from the synced catalog. Exit 0 when every client UUID is on the server exactly once, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-100}
sales=${2:-40}
bin=${POS_BIN_DIR:-.build/debug}
pos="$bin/pos"
work=$(mktemp -d)
data="$work/data"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

"$bin/woo-test-server" --port 0 --user manager:crash-pass:shop_manager >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/server.log" | head -1)
[ -n "$url" ] || { echo "crash-sync: the test server did not start"; cat "$work/server.log"; exit 1; }

control() { curl -fsS -X "$1" "$url/__test/$2" -H 'Content-Type: application/json' ${3:+-d "$3"}; }

POS_APP_PASSWORD=crash-pass "$pos" login --data-dir "$data" --site "$url" --username manager >/dev/null
POS_APP_PASSWORD=crash-pass "$pos" catalog sync --data-dir "$data" >/dev/null 2>&1
# A zero-rate product (no tax on the demo store), so the local total is the server's.
sell() {
    for _ in $(seq "$1"); do "$pos" sell --data-dir "$data" --item MER-GC25 --pay cash >/dev/null; done
}
sell "$sales"
control POST mode '{"latency_ms":15}' >/dev/null
# One POST to orders in ten (creates and batches) loses its answer after the server committed it.
control POST faults '{"kind":"reset_after_write","method":"POST","path":"/wc/v3/orders","count":1000000,"one_in":10}' >/dev/null

kills=0
attempts=0
# Run until `runs` syncs have been killed mid-work (a sync that finished before its kill does not count).
while [ "$kills" -lt "$runs" ] && [ "$attempts" -lt $((runs * 5)) ]; do
    attempts=$((attempts + 1))
    sell 3
    sales=$((sales + 3))
    "$pos" sync --data-dir "$data" --max-wait 5 >/dev/null 2>&1 &
    sync_pid=$!
    sleep "0.$(printf '%03d' $((RANDOM % 200)))"
    if kill -9 "$sync_pid" 2>/dev/null; then kills=$((kills + 1)); fi
    wait "$sync_pid" 2>/dev/null || true
done

before_final=$(control GET state | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["counts"]["orders"])')
control DELETE faults >/dev/null
control POST mode '{"latency_ms":0}' >/dev/null
set +e
"$pos" sync --data-dir "$data" --json >"$work/final.json" 2>"$work/final.err"
final=$?
set -e

control GET state >"$work/state.json"
/usr/bin/python3 - "$work/state.json" "$sales" "$final" "$attempts" "$kills" "$before_final" <<'PY'
import collections, json, sys
state = json.load(open(sys.argv[1]))
sales, final, runs, kills, before = (int(a) for a in sys.argv[2:7])
uuids = collections.Counter()
unpaid = 0
for order in state["orders"]:
    for meta in order.get("meta_data", []):
        if meta["key"] == "_pos_client_uuid":
            uuids[meta["value"]] += 1
    if not order.get("date_paid"):
        unpaid += 1
dupes = sum(1 for n in uuids.values() if n > 1)
ok = len(uuids) == sales and dupes == 0 and unpaid == 0 and final == 0
print(f"crash-sync: {runs} runs, {kills} killed with SIGKILL ({before} orders on the server before the final sync); "
      f"{len(uuids)}/{sales} sales on the server, "
      f"{dupes} duplicated, {unpaid} unpaid; final pos sync exit {final}: {'OK' if ok else 'FAILED'}")
sys.exit(0 if ok else 1)
PY
