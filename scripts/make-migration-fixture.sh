#!/usr/bin/env bash
# Builds the migration fixture: a data directory written by one build of `pos`, through its command line only,
# holding sales in every state the `sale`/`saleTender` and `order`/`payment` tables know today (open, parked,
# voided, completed; synced, pending, parked by the store; refunded), plus `manifest.json` (every row of every
# table, by `sqlite3 -json`) and a README that says what is in it.
#
# Usage: scripts/make-migration-fixture.sh [BIN_DIR]
#   BIN_DIR   holds `pos` and `woo-test-server` of the commit the fixture stands for (default /work/bin-5172a74).
#   FIXTURE_COMMIT (env, default 5172a74) names that commit: the output is
#   Tests/StorageTests/Fixtures/DataDir-$FIXTURE_COMMIT/ (replaced as a whole).
#   KEEP_WORK=1 keeps the scratch directory (the live data dir, logs, the server's state) for a look.
#
# Needs: bash, sqlite3 (CLI), python3, curl. Runs offline on 127.0.0.1 only: woo-test-server on a random free
# port, the card terminal simulated in-process (`--reader sim://`), the scale simulated on a pty
# (`pos scale-sim`), receipts into files (CUPS_SERVER points nowhere, so no real printer is ever used).
#
# Re-running gives the same sale ids, order numbers, receipt numbers, remote ids, amounts and states; client UUIDs,
# timestamps, the store URL's port and the PIN salts differ run to run (the README says so).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

bin=$(cd "${1:-/work/bin-5172a74}" && pwd)
commit=${FIXTURE_COMMIT:-5172a74}
out="$repo/Tests/StorageTests/Fixtures/DataDir-$commit"
pos_bin="$bin/pos"
server_bin="$bin/woo-test-server"
usage_error() { echo "make-migration-fixture: $*" >&2; exit 64; }
for tool in "$pos_bin" "$server_bin"; do [ -x "$tool" ] || usage_error "no $tool"; done
for tool in sqlite3 python3 curl; do command -v "$tool" >/dev/null || usage_error "needs $tool"; done

# A fixed scratch path, not mktemp's: receipts record their printer as file:<data dir>/printed, and the fixture should
# not change with the scratch directory's name.
work="${TMPDIR:-/tmp}/pos-migration-fixture-$commit"
rm -rf "$work"
mkdir -p "$work"
data="$work/data"
log="$work/commands.log"
server_pid=""
scale_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    [ -n "$scale_pid" ] && kill "$scale_pid" 2>/dev/null || true
    if [ "${KEEP_WORK:-0}" = 1 ]; then echo "make-migration-fixture: scratch kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() {
    echo "make-migration-fixture: FAILED: $*" >&2
    echo "  (every command and its output: $log; KEEP_WORK=1 keeps it)" >&2
    exit 1
}

# A steady environment: English messages, no real printer (receipts go to <data dir>/printed), no terminal script.
export LANG=C.UTF-8
unset LC_ALL LANGUAGE POS_SIM_SCRIPT POS_APP_PASSWORD XDG_DATA_HOME
export CUPS_SERVER="$work/no-cups.sock"
app_password="fixture-pass"   # the throwaway test server's password; credentials.json is left out of the fixture
manager_pin=1234              # Anna, the manager
cashier_pin=5678              # Ben, a cashier

# pos EXPECTED_STATUS ARGS... runs `pos ARGS --data-dir DATA`, logs the command and its output, and fails unless
# it exits with EXPECTED_STATUS. Standard input is passed on (PINs are read from it). The output is left in
# $work/last.out (stdout) and $work/last.err (stderr).
pos() {
    local expected=$1; shift
    local status=0
    "$pos_bin" "$@" --data-dir "$data" >"$work/last.out" 2>"$work/last.err" || status=$?
    { printf '$ pos %s  -> exit %s\n' "$*" "$status"; cat "$work/last.out" "$work/last.err"; echo; } >>"$log"
    [ "$status" -eq "$expected" ] || { cat "$work/last.err" >&2; fail "pos $* exited $status, expected $expected"; }
}

# json FIELD reads one field of the last command's JSON output (dotted path, e.g. order.localNumber).
json() { python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."): v=v[k]
print(v)' "$work/last.out" "$1"; }

# expect_eq WHAT ACTUAL EXPECTED: the fixture's README promises these numbers, so a change must stop the script.
expect_eq() { [ "$2" = "$3" ] || fail "$1 is $2, expected $3"; }

# write_manifest_and_readme STAGE VIEWS: manifest.json and README.md of the fixture in STAGE (its pos.sqlite
# already vacuumed), with the pos views saved in VIEWS. Every table row comes from `sqlite3 -json`; a BLOB value is
# written as its SQL literal X'…' (hex). Full-text-search tables (productSearch*, customerSearch*: rebuilt from
# product/customer by triggers) are given as row counts only.
write_manifest_and_readme() {
    MANAGER_PIN=$manager_pin CASHIER_PIN=$cashier_pin python3 - "$1" "$2" "$commit" "$pos_bin" <<'PY'
import datetime, hashlib, json, os, subprocess, sys

stage, views, commit, pos_bin = sys.argv[1:5]
db = os.path.join(stage, "pos.sqlite")

def q(sql):
    out = subprocess.run(["sqlite3", "-json", db, sql], check=True, capture_output=True, text=True).stdout
    return json.loads(out) if out.strip() else []

def ident(name):
    return '"' + name.replace('"', '""') + '"'

def literal(column):
    # the value as it is, or a BLOB as the string X'<hex>'
    c = ident(column)
    return f"CASE WHEN typeof({c}) = 'blob' THEN 'X''' || hex({c}) || '''' ELSE {c} END AS {c}"

def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()

master = q("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
virtual = [t["name"] for t in master if (t["sql"] or "").upper().startswith("CREATE VIRTUAL TABLE")]
def is_fts(name):
    return any(name == v or name.startswith(v + "_") for v in virtual)

ORDER = {"paymentJournal": '"startedAt", "attemptId"'}
tables, fts = {}, {}
for t in master:
    name = t["name"]
    count = q(f"SELECT count(*) AS n FROM {ident(name)}")[0]["n"]
    if is_fts(name):
        fts[name] = {"count": count}
        continue
    columns = q(f"SELECT name, type, pk FROM pragma_table_info({json.dumps(name)}) ORDER BY cid")
    # A stable order from run to run: by an INTEGER PRIMARY KEY (the id pos gave), else by time or by every column
    # (pos inserts some link rows in hash order, and paymentJournal's key is a random attempt id).
    keys = [c for c in columns if c["pk"]]
    if len(keys) == 1 and keys[0]["type"].upper() == "INTEGER":
        order = ident(keys[0]["name"])
    elif name in ORDER:
        order = ORDER[name]
    else:
        order = ", ".join(ident(c["name"]) for c in columns)
    rows = q(f"SELECT {', '.join(literal(c['name']) for c in columns)} FROM {ident(name)} ORDER BY {order}")
    tables[name] = {"sql": t["sql"], "columns": [{"name": c["name"], "type": c["type"]} for c in columns],
                    "count": count, "rows": rows}

def view(name):
    text = open(os.path.join(views, name)).read()
    return json.loads(text) if name.endswith(".json") else text

version = subprocess.run([pos_bin, "--version"], capture_output=True, text=True).stdout.strip()
pos_sha = sha256(pos_bin)
files = {name: {"bytes": os.path.getsize(os.path.join(stage, name)), "sha256": sha256(os.path.join(stage, name))}
         for name in sorted(os.listdir(stage)) if name not in ("manifest.json", "README.md")}
migrations = [r["identifier"] for r in q("SELECT identifier FROM grdb_migrations ORDER BY rowid")]
journal = subprocess.run(["sqlite3", db, "PRAGMA journal_mode"], check=True, capture_output=True,
                         text=True).stdout.strip()
manifest = {
    "fixture": f"DataDir-{commit}",
    "writtenBy": {"commit": commit, "posVersion": version, "posBinarySHA256": pos_sha,
                  "script": "scripts/make-migration-fixture.sh"},
    "generatedAt": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "conventions": [
        "tables.<name>.rows: every row as `sqlite3 -json` gives it, by INTEGER PRIMARY KEY, else paymentJournal by "
        "startedAt, else by all columns",
        "a BLOB value is the string X'<hex>' (its SQL literal)",
        "money columns are minor units (EUR cents); dates are SQLite DATETIME text in UTC",
        "fullTextSearchTables: row counts only (rebuilt from product/customer by triggers)",
        "views: what `pos` printed for this data directory before it was copied "
        "(status, orders, carts, outbox, Z reports)",
        "left out of the data directory: credentials.json (the store's application password), *.lock, printed/",
    ],
    "files": files,
    "database": {"file": "pos.sqlite", "journalMode": journal, "migrations": migrations},
    "tables": tables,
    "fullTextSearchTables": fts,
    "views": {name.rsplit(".", 1)[0]: view(name) for name in sorted(os.listdir(views))},
}
def one_line(value):
    return json.dumps(value, ensure_ascii=False)

def table_json(table):
    # A table with one row per line: easy to grep and to diff.
    rows = ",\n".join("    " + one_line(row) for row in table["rows"])
    return ("{\n   \"sql\": " + one_line(table["sql"]) + ",\n   \"columns\": " + one_line(table["columns"]) +
            ",\n   \"count\": " + str(table["count"]) +
            ",\n   \"rows\": [" + ("\n" + rows + "\n   " if rows else "") + "]}")

with open(os.path.join(stage, "manifest.json"), "w") as f:
    parts = []
    for key, value in manifest.items():
        if key == "tables":
            body = ",\n".join(f"  {one_line(name)}: {table_json(t)}" for name, t in value.items())
            parts.append(f" {one_line(key)}: {{\n{body}\n }}")
        else:
            parts.append(f" {one_line(key)}: " + json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n "))
    f.write("{\n" + ",\n".join(parts) + "\n}\n")
json.load(open(os.path.join(stage, "manifest.json")))  # still one JSON document

# README.md: the sales and orders as the tables hold them, with the story of each (the script's comments).
def receipt(number):
    return f"K1-{number:06d}" if number else ""

def money(minor):
    return "" if minor is None else f"{minor / 100:.2f}"

story = {
    1: "cash with change (tendered 20.00, change 13.80)",
    2: "card on the simulated terminal; refunded 2.99 to the card (not synced)",
    3: "split: 10.00 cash + 7.19 card",
    4: "coupon welcome10, customer #1 (Erika); refunded 5.00 in cash (synced)",
    5: "manual item (Rye 3.50, marked for review) + Mineral Water, exact cash",
    6: "line discount 10 % + order discount 1.00 (manager approval), cash",
    7: "voided by pos itself: the tender 20.00, short of 28.38, was refused (exit 1), yet the sale was saved, "
       "voided and numbered",
    8: "weight label (Cheddar 1.234 kg) + weighed on the scale (Loose Tea 0.250 kg) + Brownie, cash",
    9: "Cheddar label after the product was deleted on the store: the sync parked it (the remote order exists)",
    10: "cash, sold with the store down; one sync attempt (unreachable)",
    11: "card (T-Shirt M, a variation), sold with the store down; never attempted",
    12: "split 5.00 cash + card, card declined, then the rest paid in cash (`pos sell --sale 12`): two cash tenders",
    13: "parked as \"Table 4\", coupon 5off, customer Erika",
    14: "parked as \"Window\" with 10 % off the order, then resumed: open",
    15: "open with 10.00 cash tendered: the card part (29.89) was declined",
    16: "parked, then voided",
}
sales = q("""SELECT s.id, s.state, s.name, s.total, s.itemCount, s.shiftId, o.localNumber,
                    (SELECT group_concat(t.method || ' ' || printf('%.2f', t.amount / 100.0), ' + ')
                       FROM saleTender t WHERE t.saleId = s.id) AS tenders,
                    (SELECT r.number FROM receiptNumber r
                      WHERE r.kind = 'sale' AND r.reference = s.clientUUID) AS receipt
             FROM sale s LEFT JOIN "order" o ON o.id = s.orderId ORDER BY s.id""")
orders = q("""SELECT o.localNumber, o.receiptNumber, o.registerId, o.cashier, o.total, o.syncState, o.remoteId,
                     (SELECT s.id FROM sale s WHERE s.orderId = o.id) AS saleId,
                     (SELECT group_concat(b.kind || ' ' || b.state, ', ')
                        FROM outbox b WHERE b.orderId = o.id) AS outbox,
                     (SELECT group_concat(p.method || ' ' || printf('%.2f', p.amount / 100.0), ' + ')
                        FROM payment p WHERE p.orderId = o.id) AS payments,
                     (SELECT group_concat(json_extract(b.payload, '$.amount') || ' (' || b.state || ')', ', ')
                        FROM outbox b WHERE b.orderId = o.id AND b.kind = 'createRefund') AS refunds
              FROM "order" o ORDER BY o.localNumber""")
shifts = q("SELECT id, cashier, openingFloat, closedAt, expectedCash, countedCash FROM shift ORDER BY id")
cashiers = q("SELECT name, role FROM cashier ORDER BY id")
counts = {name: tables[name]["count"] for name in sorted(tables)}

lines = [
    f"# DataDir-{commit}: a data directory written by `pos` at {commit}", "",
    "Written by `scripts/make-migration-fixture.sh` through the `pos` command line of a debug build of commit "
    f"{commit} "
    f"(`pos --version` {version}, binary SHA-256 `{pos_sha[:16]}…`), against `woo-test-server`'s demo store on "
    "127.0.0.1. It is for the migration test that merges `sale` + `saleTender` into `order`/`orderLine`/`payment`: "
    "open a copy with the new code and check that nothing is lost. `manifest.json` holds every row of every table as "
    "written here, and what `pos` itself showed for the directory (`views`).", "",
    "## Files", "",
    "| File | What |", "| --- | --- |",
    f"| `pos.sqlite` | the database (migrations `{migrations[0]}` … `{migrations[-1]}`), WAL checkpointed and "
    "VACUUMed: no `-wal`/`-shm` needed |",
    "| `app-settings.json` | the counter's settings: card reader `sim://`, receipt width, barcode layout "
    "`28-29:IIIIIVVVVV:weight` |",
    "| `fiscal-settings.json` | the fiscal register serial (`K1`); no TSE is configured (a real store, not the demo), "
    "so `fiscalTransaction` is empty |",
    "| `terminal-sim-state.json` | the simulated card terminal's ledger (`sim://` keeps it in the data directory) |",
    "| `manifest.json` | every row of every table, each table's schema, the files' SHA-256, `pos`'s own views |", "",
    "Left out on purpose: `credentials.json` (the store's application password: never committed; without it `pos` "
    "takes the directory as logged out), the `*.lock` files (runtime locks naming a dead pid) and `printed/` "
    "(receipt text files from the file printer; every receipt is also a row of `receipt`).", "",
    "## Store, register, cashiers, shifts", "",
    "Store \"Demo Store\" (EUR, prices include tax, 19 % and 7 %), catalog synced: the 20 demo products, 3 "
    "variations, 2 coupons (welcome10, 5off), 1 customer (#1 Erika), plus two products added on the store for the "
    "scale: Cheddar (per kg; SKU = PLU 00123; product 35, deleted on the store later) and Loose Tea (per kg, sold by "
    "weight; product 36). Register `K1`. Cashiers: " + ", ".join(f"{c['name']} ({c['role']})" for c in cashiers) +
    f"; test PINs {os.environ['MANAGER_PIN']} and {os.environ['CASHIER_PIN']} (only scrypt hashes are stored).", "",
]
for s in shifts:
    state = "open"
    if s["closedAt"]:
        state = f"closed, expected {money(s['expectedCash'])}, counted {money(s['countedCash'])}"
    lines.append(f"- Shift {s['id']} ({s['cashier']}): float {money(s['openingFloat'])}, {state}.")
lines += ["",
          "## Sales (`sale`, `saleTender`)", "",
          "| Sale | State | Name | Items | Total | Tenders | Order | Receipt | Shift | What |",
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
for s in sales:
    lines.append(f"| {s['id']} | {s['state']} | {s['name'] or ''} | {s['itemCount']} | {money(s['total'])} | "
                 f"{s['tenders'] or ''} | {s['localNumber'] or ''} | {receipt(s['receipt'])} | {s['shiftId'] or ''} | "
                 f"{story.get(s['id'], '')} |")
lines += ["",
          "## Orders (`order`, `payment`, `outbox`)", "",
          "| Order | Sale | Receipt | Cashier | Total | Payments | Sync | Remote id | Outbox | Refunds |",
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
for o in orders:
    lines.append(f"| {o['localNumber']} | {o['saleId'] or ''} | {o['registerId']}-{o['receiptNumber']:06d} | "
                 f"{o['cashier'] or ''} | {money(o['total'])} | {o['payments'] or ''} | {o['syncState']} | "
                 f"{o['remoteId'] or ''} | {o['outbox'] or ''} | {o['refunds'] or ''} |")
lines += ["",
          "A refund is not a table of its own: it is an `outbox` entry (`createRefund`, the amount in its payload), a "
          "`receipt` of kind `refund` and, on the card, a `paymentJournal` attempt of kind `refund`.", "",
          "Rows per table: " + ", ".join(f"`{k}` {v}" for k, v in counts.items()) + ".", "",
          "## What stays the same when it is regenerated", "",
          "The same: sale ids, order numbers, receipt numbers, remote ids, amounts, states, tenders, outbox kinds and "
          "states, shifts, cashiers. Different on every run: client UUIDs, timestamps, the store URL's port "
          "(`setting` `store.settings`), PIN salts and hashes, terminal attempt ids, the key order of the JSON "
          "that pos writes unsorted (`paymentJournal.result`, `setting` `store.settings`, the terminal closing in "
          "`shift`). Match rows by `sale.id` and "
          "`order.localNumber`, not by UUID.", "",
          "## Using it in a test", "",
          "Copy the directory to a temporary one first (the database is in WAL mode and the migration writes to it; "
          "a bundle's resources are read-only), then open that `pos.sqlite` with `AppDatabase`. To run the `pos` "
          "command line on the copy (`pos orders list` refuses without a login, exit 10), write a placeholder "
          "`credentials.json` into it, mode 0600: `{\"siteURL\": \"http://127.0.0.1:1\", \"username\": \"manager\", "
          "\"displayName\": \"manager\", \"applicationPassword\": \"placeholder\"}`.", "",
          "## Regenerating", "",
          "```sh",
          f"scripts/make-migration-fixture.sh /path/to/bin   # a dir with pos and woo-test-server built at {commit}",
          "```", "",
          f"It replaces `Tests/StorageTests/Fixtures/DataDir-{commit}/` as a whole (`FIXTURE_COMMIT=abc1234` names "
          "another commit's directory; `KEEP_WORK=1` keeps the scratch data directory and `commands.log`, every "
          "command with its output). It checks every exit status and the totals it expects, and stops when one "
          "differs.", ""]
with open(os.path.join(stage, "README.md"), "w") as f:
    f.write("\n".join(lines))
PY
}

# ---------------------------------------------------------------------------------------------------------------
# The store: woo-test-server's demo catalog (20 products, 3 variations, 2 tax rates, 2 coupons, 1 customer) on a
# random free loopback port, with one shop manager, as scripts/offline-demo.sh and the end-to-end tests start it.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
start_server() {
    "$server_bin" --port "$port" --seed demo --user "manager:$app_password:shop_manager" >"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 100); do grep -q "listening on" "$work/server.log" && return 0; sleep 0.1; done
    fail "woo-test-server did not start (see $work/server.log)"
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }
# store METHOD PATH [JSON]: the WooCommerce REST API as the merchant's back office uses it (basic auth).
store() {
    curl -fsS -u "manager:$app_password" -H 'Content-Type: application/json' -X "$1" "$url/wp-json/wc/v3/$2" \
        ${3:+-d "$3"} >>"$work/store.log" || fail "store $1 $2"
    echo >>"$work/store.log"
}
start_server

# Two store-floor products the demo catalog lacks, added on the store before the first catalog sync:
# - "Cheddar (per kg)", SKU 00123 = the PLU of a GS1 weight label 28 00123 WWWWW C, 12.99 EUR/kg (product 35);
# - "Loose Tea (per kg)", meta _pos_sold_by_weight=yes: weighed on the (simulated) scale, 39.00 EUR/kg (product 36).
store POST products '{"name":"Cheddar (per kg)","sku":"00123","regular_price":"12.99","tax_class":"reduced-rate"}'
store POST products '{"name":"Loose Tea (per kg)","sku":"TEA-LOOSE","regular_price":"39.00","tax_class":"reduced-rate",
    "meta_data":[{"key":"_pos_sold_by_weight","value":"yes"}]}'
cheddar_label=2800123012342   # PLU 00123, 1234 g (EAN-13 check digit 2) -> 16.03 EUR

# The scale: `pos scale-sim` on a pty answers every weighing with a stable 250 g.
"$pos_bin" scale-sim --serial "$work/ttyScale" --script stable:250 >"$work/scale.log" 2>&1 &
scale_pid=$!
for _ in $(seq 50); do [ -e "$work/ttyScale" ] && break; sleep 0.1; done
[ -e "$work/ttyScale" ] || fail "pos scale-sim did not start (see $work/scale.log)"

# ---------------------------------------------------------------------------------------------------------------
# Log in (register K1), sync the catalog, set the label layout and the scale, set up a manager, open shift 1.
POS_APP_PASSWORD=$app_password pos 0 login --site "$url" --username manager --register K1
pos 0 catalog sync
pos 0 settings set barcode-layouts '28-29:IIIIIVVVVV:weight'
pos 0 settings set scale "scale+serial://$work/ttyScale?line=9600,8N1"
echo "$manager_pin" | pos 0 cashier add Anna --role manager
echo "$manager_pin" | pos 0 cashier sign-in Anna
pos 0 shift open --float 100.00

# Shift 1, cashier Anna: completed sales (sale N -> order N unless noted).
# Sale 1 / order 1: cash with change. 2 x Espresso 2.20 + Croissant 1.80 = 6.20, tendered 20.00, change 13.80.
pos 0 sell --item COF-ESP:2 --item BAK-CRO --pay cash:20.00 --json
expect_eq "sale 1's order" "$(json order.localNumber)/$(json order.total)/$(json change)" "1/6.20/13.80"
# Sale 2 / order 2: card (simulated terminal). Orange Juice 2.99 + Travel Mug 14.95 = 17.94.
pos 0 sell --item DRK-ORA --item MER-MUG --pay card --reader sim:// --json
expect_eq "sale 2's order" "$(json order.localNumber)/$(json order.total)/$(json card)" "2/17.94/17.94"
# Sale 3 / order 3: split, 10.00 cash + 7.19 card. Tote Bag 9.99 + 2 x Latte Macchiato 3.60 = 17.19.
pos 0 sell --item MER-TOT --item COF-LAT:2 --pay cash:10.00 --pay card --json
expect_eq "sale 3's order" "$(json order.localNumber)/$(json order.total)/$(json cash)/$(json card)" \
    "3/17.19/10.00/7.19"
# Sale 4 / order 4: coupon welcome10 (10 %) and customer #1 (Erika). Coffee Beans 250 g 8.90 + 2 x Cheesecake
# 3.90 = 16.70 - 1.67 -> 15.03, tendered 50.00. (A coupon cannot be combined with a manual discount.)
pos 0 sell --item COF-BEA-250 --item BAK-CHE:2 --coupon welcome10 --customer erika@example.com --pay cash:50.00 --json
expect_eq "sale 4's order" "$(json order.localNumber)/$(json order.total)" "4/15.03"
# Sale 5 / order 5: a manual item (a code the catalog lacks, typed price, marked for review) + Mineral Water 1.99,
# exact cash.
pos 0 sell --manual price=3.50,tax=reduced-rate,name=Rye,code=4012345678901 --item DRK-WAT --pay cash --json
expect_eq "sale 5's order" "$(json order.localNumber)/$(json order.total)" "5/5.49"
# Sale 6 / order 6: a line discount (10 % on 2 x Pain au Chocolat) and an order discount of 1.00 with a Cappuccino;
# above the discount threshold, so Anna approves it with her PIN. 3.78 + 3.20 - 1.00 = 5.98, tendered 10.00.
echo "$manager_pin" |
    pos 0 sell --item BAK-PAC:2@10% --item COF-CAP --discount 1.00 --manager Anna --pay cash:10.00 --json
expect_eq "sale 6's order" "$(json order.localNumber)/$(json order.total)" "6/5.98"
# Sale 7: VOIDED by pos itself. The tender 20.00 is short of 28.38, so pos refuses it (exit 1, "nothing was
# charged") -- but today's main has already saved the sale (then voided) and issued it receipt number K1-7.
pos 1 sell --item "$cheddar_label" --item TEA-LOOSE --item BAK-BRO --pay cash:20.00
# Sale 8 / order 7: the same goods paid: a weight label (Cheddar 1.234 kg x 12.99 = 16.03), a product weighed on
# the scale (Loose Tea 0.250 kg x 39.00 = 9.75) and a Brownie 2.60 = 28.38, tendered 30.00. Receipt number 8.
pos 0 sell --item "$cheddar_label" --item TEA-LOOSE --item BAK-BRO --pay cash:30.00 --json
expect_eq "sale 8's order" "$(json order.localNumber)/$(json order.total)" "7/28.38"
pos 0 settings set scale ''   # the scale's pty path is this run's scratch directory: keep it out of the fixture

# Sync: orders 1-7 go to the store (remote ids 37-43).
pos 0 sync
# Order 4 partly refunded in cash (5.00 of 15.03; a manager's PIN), synced with the next sync.
echo "$manager_pin" | pos 0 refund 4 --amount 5.00 --manager Anna

# Sale 9 / order 8: PARKED by the store. The merchant deletes Cheddar (product 35) on the store; the counter still
# has it and sells it (label 16.03 + Croissant 1.80 = 17.83, tendered 20.00). WooCommerce creates the order with
# an empty line for the deleted product, so the sync records its remote id and parks the entry for a person.
store DELETE "products/35?force=true"
pos 0 sell --item "$cheddar_label" --item BAK-CRO --pay cash:20.00 --json
expect_eq "sale 9's order" "$(json order.localNumber)/$(json order.total)" "8/17.83"
pos 3 sync   # exit 3: the refund of order 4 is sent, order 8 is parked

# A "no sale" drawer opening (manager approval) and a cash-out, then close shift 1 with the expected cash.
echo "$manager_pin" | pos 0 drawer open --reason "change for the bakery" --manager Anna
pos 0 shift cash-out 20.00 --reason "bank deposit"
pos 0 shift report
expected_cash=$(sed -n 's/^Expected cash *\([0-9.,]*\).*/\1/p' "$work/last.out" | tr -d . | tr , .)
[ -n "$expected_cash" ] || fail "no expected cash in the Z report"
pos 0 shift close --counted "$expected_cash"

# Shift 2: Ben (a cashier, added with Anna's approval) signs in; the store goes down; sales wait in the outbox.
pos 0 shift open --float 100.00
printf '%s\n%s\n' "$manager_pin" "$cashier_pin" | pos 0 cashier add Ben --role cashier --manager Anna
echo "$cashier_pin" | pos 0 cashier sign-in Ben
stop_server
# Sale 10 / order 9: cash, PENDING, one sync attempted while the store is down (exit 4, unreachable).
# 2 x Filter Coffee 2.50 + Bagel 2.40 = 7.40, tendered 10.00.
pos 0 sell --item COF-FIL:2 --item BAK-BAG --pay cash:10.00 --json
expect_eq "sale 10's order" "$(json order.localNumber)/$(json order.total)" "9/7.40"
pos 4 sync --max-wait 1
# Order 2 partly refunded to the card (2.99 of 17.94, on the simulated terminal; Anna's PIN): PENDING, never sent.
echo "$manager_pin" | pos 0 refund 2 --amount 2.99 --manager Anna
# Sale 11 / order 10: card, PENDING, never attempted. Lemonade 3.49 + T-Shirt M (a variation) 19.00 = 22.49.
pos 0 sell --item DRK-LEM --item MER-TSH-M --pay card --json
expect_eq "sale 11's order" "$(json order.localNumber)/$(json order.total)" "10/22.49"
# Sale 12 / order 11: a split whose card part is declined (exit 11: the sale stays open holding 5.00 cash), then
# paid in cash (`pos sell --sale 12`): completed with two cash tenders, PENDING. Cheesecake 3.90 + Lemonade 3.49 +
# Croissant 1.80 = 9.19; 5.00 + 4.19 (tendered 5.00, change 0.81).
POS_SIM_SCRIPT=decline:05 pos 11 sell --item BAK-CHE --item DRK-LEM --item BAK-CRO --pay cash:5.00 --pay card
pos 0 sell --sale 12 --pay cash:5.00 --json
expect_eq "sale 12's order" "$(json order.localNumber)/$(json order.total)/$(json change)" "11/9.19/0.81"

# Carts that are not completed.
# Sale 13: PARKED as "Table 4": 2 x Cappuccino + Cheesecake, coupon 5off, customer Erika. 10.30 - 5.00 = 5.30.
pos 0 cart park --name "Table 4" --item COF-CAP:2 --item BAK-CHE --customer erika --coupon 5off --json
# Sale 14: OPEN: parked as "Window" (Chai Latte + 3 x Brownie, 10 % off the order = 10.44), then resumed.
pos 0 cart park --name "Window" --item DRK-CHA --item BAK-BRO:3 --discount 10% --json
pos 0 cart resume Window
# Sale 15: OPEN with 10.00 cash tendered: a split whose card part (29.89) is declined by the terminal
# (exit 11); the sale stays open holding its cash tender. Tote Bag 9.99 + Coffee Beans 1 kg 29.90 = 39.89.
POS_SIM_SCRIPT=decline:05 pos 11 sell --item MER-TOT --item COF-BEA-1000 --pay cash:10.00 --pay card
# Sale 16: VOIDED: parked (6 x Mineral Water + a 0.00 Pastry Box), then voided.
pos 0 cart park --item DRK-WAT:6 --item BAK-BOX --json
pos 0 cart void 16

# What pos itself shows of this data directory, kept in the manifest for comparison after a migration.
views="$work/views"
mkdir -p "$views"
pos 0 status --json;                 cp "$work/last.out" "$views/status.json"
pos 0 orders list --limit 100 --json; cp "$work/last.out" "$views/orders-list.json"
pos 0 cart list --all --json;        cp "$work/last.out" "$views/cart-list-all.json"
pos 0 sync --list --json;            cp "$work/last.out" "$views/sync-list.json"
for order in $(seq 1 11); do pos 0 orders show "$order" --json; cp "$work/last.out" "$views/order-$order.json"; done
for sale in 13 14 15; do pos 0 cart show "$sale" --json; cp "$work/last.out" "$views/cart-$sale.json"; done
for shift in 1 2; do pos 0 shift report --shift "$shift"; cp "$work/last.out" "$views/shift-$shift.txt"; done

kill "$scale_pid"; wait "$scale_pid" 2>/dev/null || true; scale_pid=""

# ---------------------------------------------------------------------------------------------------------------
# Every pos process has exited (each command is one process). Fold the WAL into the database, then copy what pos
# reads and writes that holds no secret:
#   pos.sqlite              the database (checkpointed, then VACUUMed in the copy: no -wal/-shm needed)
#   app-settings.json       printer, receipt width, card reader (sim://), barcode layouts
#   fiscal-settings.json    the fiscal register serial (checked below to hold no API key or secret)
#   terminal-sim-state.json the simulated card terminal's ledger (sim:// keeps it in the data dir)
# Left out: credentials.json (the store's application password), *.lock (runtime locks with a dead pid),
# printed/ (receipt text files from the file printer; the receipts themselves are rows of `receipt`).
sqlite3 "$data/pos.sqlite" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
secret_key='"[^"]*(secret|password|api_?key|token|pin)[^"]*" *:'
if grep -qiE "$secret_key" "$data/fiscal-settings.json" "$data/app-settings.json"; then
    fail "a settings file holds something secret-looking; it must not be committed"
fi
stage="$work/fixture"
mkdir -p "$stage"
cp "$data/pos.sqlite" "$data/app-settings.json" "$data/fiscal-settings.json" "$data/terminal-sim-state.json" "$stage/"
sqlite3 "$stage/pos.sqlite" 'VACUUM; PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
[ "$(sqlite3 "$stage/pos.sqlite" 'PRAGMA integrity_check;')" = ok ] || fail "integrity_check of the copy"
[ "$(sqlite3 "$stage/pos.sqlite" 'PRAGMA foreign_key_check;')" = "" ] || fail "foreign_key_check of the copy"
rm -f "$stage/pos.sqlite-wal" "$stage/pos.sqlite-shm"
chmod 0644 "$stage"/*

# manifest.json (every row of every table, read with `sqlite3 -json`) and README.md (what is in it).
write_manifest_and_readme "$stage" "$views"

rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$stage" "$out"
echo "make-migration-fixture: wrote $out ($(du -sh "$out" | cut -f1)):"
ls -l "$out"
