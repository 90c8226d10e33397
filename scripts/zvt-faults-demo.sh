#!/usr/bin/env bash
# Acceptance by hand: each terminal fault of `pos terminal-sim`, on TCP and on a serial pty, through
# `pos sell --pay card`. Each simulator first approves one sale (so the terminal has a last receipt, as a terminal
# in use does), then plays the fault on the second. Prints per fault run the exit code, the wall time of `pos
# sell`, the seconds from the terminal's last byte (its "SILENT …" or "ABORT …" line) to the end of `pos sell`,
# the approvals the fault run added to the simulator's ledger, and at the end the orders on the store after one
# `pos sync` (and that a second sends nothing).
#
# Usage: scripts/zvt-faults-demo.sh   (needs `swift build`: .build/debug/pos and woo-test-server)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${POS_BIN_DIR:-.build/debug}
pos="$bin/pos"
work=$(mktemp -d)
data="$work/data"
pids=()
free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -n "${KEEP:-}" ] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT
now() { date +%s.%N; }

port=$(free_port)
url="http://127.0.0.1:$port"
"$bin/woo-test-server" --port "$port" --user manager:demo-pass:shop_manager >"$work/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
POS_APP_PASSWORD=demo-pass "$pos" login --data-dir "$data" --site "$url" --username manager >/dev/null
"$pos" catalog sync --data-dir "$data" >/dev/null

run() {  # run LINE FAULT
    local line=$1 fault=$2 tag="$1-$2"
    local ledger="$work/$tag.ledger" out="$work/$tag.sim" reader
    if [ "$line" = tcp ]; then
        local sim_port; sim_port=$(free_port)
        "$pos" terminal-sim --zvt "tcp://127.0.0.1:$sim_port" --script "approve,$fault" --log "$ledger" > >(while IFS= read -r l; do echo "$(now) $l"; done >"$out") 2>&1 &
        reader="zvt+tcp://127.0.0.1:$sim_port"
    else
        "$pos" terminal-sim --zvt-serial "$work/$tag.pty" --script "approve,$fault" --log "$ledger" > >(while IFS= read -r l; do echo "$(now) $l"; done >"$out") 2>&1 &
        reader="zvt+serial://$work/$tag.pty"
    fi
    local sim=$!
    pids+=($sim)
    for _ in $(seq 100); do grep -qE "listening|terminal simulator on" "$out" 2>/dev/null && break; sleep 0.1; done
    "$pos" sell --data-dir "$data" --item BAK-CRO --pay card --reader "$reader" >/dev/null 2>&1 || echo "warm-up sale failed"
    local start end status
    start=$(now)
    set +e
    "$pos" sell --data-dir "$data" --item COF-ESP:2 --pay card --reader "$reader" --json >"$work/$tag.json" 2>"$work/$tag.err"
    status=$?
    set -e
    end=$(now)
    kill "$sim" 2>/dev/null || true
    local last; last=$(grep -E " (SILENT|ABORT)" "$out" | tail -1 | cut -d' ' -f1)
    local approvals=0; [ -f "$ledger" ] && approvals=$(( $(wc -l <"$ledger") - 1 ))
    printf '%-4s %-24s exit %-3s wall %5.1f s   after the last byte %5.1f s   ledger approvals %s   %s\n' \
        "$line" "$fault" "$status" "$(echo "$end - $start" | bc)" "$(echo "$end - ${last:-$start}" | bc)" "$approvals" \
        "$(tail -1 "$work/$tag.err" | cut -c1-110)"
}

for line in ${LINES:-tcp pty}; do
    for fault in ${FAULTS:-unknown-field silent-after-ack silent-after-ack:charged silent-after-ack:deaf silent-after-status truncated-frame}; do
        run "$line" "$fault"
    done
done

"$pos" sync --data-dir "$data" --json >"$work/sync1.json"
"$pos" sync --data-dir "$data" --json >"$work/sync2.json"
curl -fsS "$url/__test/state" >"$work/state.json"
/usr/bin/python3 - "$work" <<'PY'
import json, sys, glob
work = sys.argv[1]
state = json.load(open(f"{work}/state.json"))
orders = state["orders"]
paid = [o for o in orders if o.get("date_paid")]
ledger = sum(len(open(f).read().splitlines()) for f in glob.glob(f"{work}/*.ledger"))
second = json.load(open(f"{work}/sync2.json"))["summary"]
uuids = [m["value"] for o in orders for m in o["meta_data"] if m["key"] == "_pos_client_uuid"]
print(f"store (warm-up sales included): {len(orders)} orders, {len(paid)} paid ({', '.join(o['total'] + ' ' + o['payment_method'] for o in paid)}); "
      f"{len(set(uuids))} distinct client UUIDs; simulator approvals in all ledgers: {ledger}; "
      f"second sync sent {second['sent']}")
PY
