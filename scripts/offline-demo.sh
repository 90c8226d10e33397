#!/usr/bin/env bash
# Offline demo: login, catalog sync, store stopped, three cash sales, store started again,
# `pos sync`: exactly three orders on the store with the counter's totals; a second `pos sync` sends nothing.
#
# Usage: scripts/offline-demo.sh   (needs `swift build`: .build/debug/pos and woo-test-server)
# Uses `pos catalog sync` and `pos sell` as the issue writes them. Exit 0 on success, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${POS_BIN_DIR:-.build/debug}
pos="$bin/pos"
work=$(mktemp -d)
data="$work/data"
server_pid=""
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "offline-demo: FAILED: $*"; exit 1; }

start_server() {
    "$bin/woo-test-server" --port "$port" --user manager:demo-pass:shop_manager >"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 100); do grep -q "listening on" "$work/server.log" && return 0; sleep 0.1; done
    fail "the test server did not start"
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

echo "== login and catalog sync"
start_server
POS_APP_PASSWORD=demo-pass "$pos" login --data-dir "$data" --site "$url" --username manager
"$pos" catalog sync --data-dir "$data"

echo "== store stopped; three sales"
stop_server
"$pos" sell --data-dir "$data" --item COF-ESP:2 --pay cash --json >"$work/sale1.json"
"$pos" sell --data-dir "$data" --item BAK-CRO --pay cash:5.00 --json >"$work/sale2.json"
"$pos" sell --data-dir "$data" --item DRK-WAT:3 --pay cash --json >"$work/sale3.json"
set +e
"$pos" sync --data-dir "$data"
offline=$?
set -e
[ "$offline" -eq 4 ] || fail "pos sync with the store down exited $offline, expected 4 (unreachable)"

echo "== store started (same catalog, no orders); pos sync"
start_server
"$pos" sync --data-dir "$data" --json >"$work/sync1.json" || fail "pos sync exited $?"
"$pos" sync --data-dir "$data" --json >"$work/sync2.json" || fail "second pos sync exited $?"
curl -fsS "$url/__test/state" >"$work/state.json"

/usr/bin/python3 - "$work" <<'PY' || exit 1
import json, sys
work = sys.argv[1]
state = json.load(open(f"{work}/state.json"))
first = json.load(open(f"{work}/sync1.json"))["summary"]
second = json.load(open(f"{work}/sync2.json"))["summary"]
orders = state["orders"]
totals = sorted(o["total"] for o in orders)
expected = sorted(["4.40", "1.80", "5.97"])  # demo prices include tax: 2 x 2.20, 1.80, 3 x 1.99
uuids = {m["value"] for o in orders for m in o["meta_data"] if m["key"] == "_pos_client_uuid"}
problems = []
if len(orders) != 3: problems.append(f"{len(orders)} orders on the store, expected 3")
if len(uuids) != 3: problems.append(f"{len(uuids)} distinct client UUIDs")
if totals != expected: problems.append(f"store totals {totals}, expected {expected}")
if first["mismatches"]: problems.append(f"total mismatches flagged: {first['mismatches']}")
if not all(o.get("date_paid") for o in orders): problems.append("an order is not paid")
if second["sent"] != 0 or second["adopted"] != 0: problems.append(f"second sync sent {second['sent']}")
print("offline-demo: " + ("OK: 3 orders on the store, totals " + ", ".join(totals) + "; second sync sent nothing"
                          if not problems else "FAILED: " + "; ".join(problems)))
sys.exit(1 if problems else 0)
PY
