#!/usr/bin/python3
"""Crash soak of pos, driven by scripts/crash-soak.sh.

N iterations of a cash sale, a card sale, a split-tender sale or a sync against woo-test-server with faults on
(5xx, latency, responses lost after commit, connections reset) and `pos terminal-sim` (ZVT over TCP, its own
process, with a ledger and some declines). A share of the iterations is killed with SIGKILL after a random delay.
After a card payment was killed, pos refuses a new charge until the attempt is resolved: when pos says so (exit
13) this runs `pos reader resolve`, as a cashier would. At the end: resolve, sync until clean, then verify on the
server, in the local database (read-only) and in the simulator's ledger, and print one summary line:

    lost=A duplicated=B double_charged=C unreceipted=D

lost:            a locally paid sale missing on the server, or a terminal approval no recorded payment carries
duplicated:      a client UUID on the server more than once, or an order on the server that is not a paid local sale
double_charged:  a terminal approval recorded by more than one payment, or an order with more approved card
                 charges (or card payments) than it needed
unreceipted:     a paid sale whose `pos receipt show` fails or does not show the order's total
"""
import base64, collections, json, os, random, signal, socket, sqlite3, subprocess, sys, tempfile, time, urllib.request

N = int(sys.argv[1]) if len(sys.argv) > 1 else 50
SEED = int(os.environ.get("SOAK_SEED") or random.SystemRandom().randrange(1, 2**31))
KILL_SHARE = float(os.environ.get("SOAK_KILL_SHARE", "0.3"))
BIN = os.environ.get("POS_BIN_DIR", ".build/release")
POS = os.path.join(BIN, "pos")
rng = random.Random(SEED)
print(f"crash-soak: seed {SEED} (replay: SOAK_SEED={SEED} scripts/crash-soak.sh {N}); {N} iterations; binaries {BIN}",
      flush=True)

work = tempfile.mkdtemp(prefix="crash-soak-")
data = os.path.join(work, "data")
ledger_path = os.path.join(work, "terminal-ledger.jsonl")
children = []
hand_matched = {}  # attempt id → the ledger receipt a cashier matched it to by hand
keep = False
stats = collections.Counter()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(args, log):
    process = subprocess.Popen(args, stdout=open(log, "w"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    children.append(process)
    return process


def wait_for_line(log, text, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        with open(log) as f:
            for line in f:
                if text in line:
                    return line
        time.sleep(0.05)
    sys.exit(f"crash-soak: '{text}' never appeared in {log}:\n" + open(log).read())


def cleanup():
    for process in children:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()


def pos(*args, timeout=120):
    """Runs pos to the end; returns (exit status, stdout, stderr)."""
    result = subprocess.run([POS, *args, "--data-dir", data], capture_output=True, text=True, timeout=timeout,
                            env={**os.environ, "POS_APP_PASSWORD": "soak-pass"})
    return result.returncode, result.stdout, result.stderr


def pos_killable(args, kill_after):
    """Runs pos; with kill_after (seconds) sends SIGKILL then if it is still running. Returns (status, killed)."""
    process = subprocess.Popen([POS, *args, "--data-dir", data], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, env={**os.environ, "POS_APP_PASSWORD": "soak-pass"})
    if kill_after is None:
        _, err = process.communicate(timeout=120)
        return process.returncode, False, err.decode(errors="replace")
    try:
        _, err = process.communicate(timeout=kill_after)
        return process.returncode, False, err.decode(errors="replace")
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.communicate()
        return -9, True, ""


def control(method, path, body=None):
    request = urllib.request.Request(f"{url}/__test/{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def recorded_receipts():
    """Terminal receipt numbers the local database has recorded card payments for (read-only)."""
    connection = sqlite3.connect(f"file:{os.path.join(data, 'pos.sqlite')}?mode=ro", uri=True)
    try:
        # Every tender is a payment from the moment it is taken (the sale is stored once, as its order: v17).
        rows = connection.execute("SELECT terminalReceiptNumber FROM payment WHERE method = 'card'").fetchall()
    finally:
        connection.close()
    return {str(int(row[0])) for row in rows if row[0] is not None} | set(hand_matched.values())


def resolve_by_hand(attempt, amount):
    """What a cashier does when pos cannot tell: look in the terminal's own journal (the simulator's ledger) for
    an approval of this amount that no payment carries; charged if there is one, else not charged."""
    ledger = [json.loads(line) for line in open(ledger_path)] if os.path.exists(ledger_path) else []
    known = recorded_receipts()
    minor = round(float(amount) * 100)
    found = next((entry for entry in ledger if entry["kind"] == "payment" and entry["resultCode"] == 0
                  and str(entry["receiptNumber"]) not in known and entry["amount"].get("minorUnits") == minor), None)
    flag = "--charged" if found else "--not-charged"
    status, out, err = pos("reader", "resolve", "--attempt", attempt, flag, "--note", "checked the terminal journal")
    stats[f"hand_resolved_{flag[2:]}"] += 1
    if status == 0 and found:
        hand_matched[attempt] = str(found["receiptNumber"])
    elif status != 0:
        print(f"  resolve by hand of {attempt} exit {status}: {(out + err).strip()[:300]}", flush=True)


def resolve(context):
    status, out, err = pos("reader", "resolve")
    stats["resolve_runs"] += 1
    for line in out.splitlines():
        if "approved" in line:
            stats["resolved_approved"] += 1
        elif "not charged" in line:
            stats["resolved_not_charged"] += 1
        elif "still unknown" in line:
            # "ATTEMPT AMOUNT on READER: still unknown: REASON"
            attempt, amount = line.split()[:2]
            stats["resolved_still_unknown"] += 1
            if stats["resolved_still_unknown"] <= 3:
                print(f"  [{context}] {line[:250]}", flush=True)
            resolve_by_hand(attempt, amount)
    if status not in (0, 13):
        stats["resolve_failed"] += 1
        print(f"  [{context}] pos reader resolve exit {status}: {(out + err).strip()[:300]}", flush=True)
    return status


try:
    # The store: the demo seed, a shop manager, and its zero-rate gift card product (local total = server total).
    server = start([os.path.join(BIN, "woo-test-server"), "--port", "0", "--user", "manager:soak-pass:shop_manager"],
                   os.path.join(work, "server.log"))
    line = wait_for_line(os.path.join(work, "server.log"), "listening on")
    url = "http://127.0.0.1:" + line.split("http://127.0.0.1:")[1].split()[0].rstrip("/").split("/")[0]

    # The terminal: its own process and ledger, 1 decline in ~8 payments (05 declined, 51 insufficient funds).
    outcomes = [rng.choice(["decline:05", "decline:51"]) if rng.random() < 0.12 else "approve" for _ in range(N * 3 + 50)]
    sim_port = free_port()
    sim_log = os.path.join(work, "terminal-sim.log")
    start([POS, "terminal-sim", "--zvt", f"tcp://127.0.0.1:{sim_port}", "--log", ledger_path,
           "--script", ",".join(outcomes), "--script", "no-prompts"], sim_log)
    wait_for_line(sim_log, "listening on")
    reader = f"zvt+tcp://127.0.0.1:{sim_port}"

    for args in (["login", "--site", url, "--username", "manager"], ["catalog", "sync"]):
        status, out, err = pos(*args)
        if status != 0:
            sys.exit(f"crash-soak: pos {' '.join(args)} failed ({status}): {out}{err}")

    # Faults, on every orders request from here on.
    control("POST", "mode", {"latency_ms": 3})
    for fault in (
        {"kind": "status", "status": 503, "method": "POST", "path": "/wc/v3/orders", "count": 10**6, "one_in": 9},
        {"kind": "reset_after_write", "method": "POST", "path": "/wc/v3/orders", "count": 10**6, "one_in": 8},
        {"kind": "reset_before_write", "method": "PUT", "path": "/wc/v3/orders", "count": 10**6, "one_in": 9},
        {"kind": "reset_after_write", "method": "PUT", "path": "/wc/v3/orders", "count": 10**6, "one_in": 10},
        {"kind": "latency", "latency_ms": 40, "path": "/wc/v3/orders", "count": 10**6, "one_in": 4},
    ):
        control("POST", "faults", fault)

    item = "MER-GC25"
    kinds = ["cash", "card", "split", "sync"]
    weights = [3, 4, 2, 2]
    # Kill windows (seconds) roughly spanning each operation in a release build.
    windows = {"cash": 0.2, "card": 0.8, "split": 0.9, "sync": 0.35}
    started = time.time()
    durations = collections.defaultdict(list)
    for iteration in range(1, N + 1):
        kind = rng.choices(kinds, weights)[0]
        kill_after = rng.uniform(0.0, windows[kind]) if rng.random() < KILL_SHARE else None
        quantity = rng.randint(1, 3)
        if kind == "cash":
            args = ["sell", "--item", f"{item}:{quantity}", "--pay", "cash"]
        elif kind == "card":
            args = ["sell", "--item", f"{item}:{quantity}", "--pay", "card", "--reader", reader]
        elif kind == "split":
            args = ["sell", "--item", f"{item}:{quantity}", "--pay", "cash:5.00", "--pay", "card", "--reader", reader]
        else:
            args = ["sync", "--max-wait", "2"]
        began = time.time()
        status, killed, err = pos_killable(args, kill_after)
        stats[f"{kind}_{'killed' if killed else status}"] += 1
        if not killed:
            durations[kind].append(time.time() - began)
        if status == 13:
            # pos refuses a new charge while an attempt is unresolved: resolve it, as the cashier is told to.
            resolve(f"iteration {iteration}")
        elif not killed and kind != "sync" and status not in (0, 11):
            print(f"  [iteration {iteration}] pos {' '.join(args)} exit {status}: {err.strip()[:300]}", flush=True)
        if iteration % 100 == 0:
            print(f"  {iteration}/{N} iterations, {time.time() - started:.0f} s", flush=True)

    # The end: resolve what is open, clear the faults, sync until clean.
    for attempt in range(3):
        if resolve("final") == 0:
            break
    control("DELETE", "faults")
    control("POST", "mode", {"latency_ms": 0})
    sync_status = None
    for attempt in range(20):
        sync_status, out, err = pos("sync", "--json")
        if sync_status == 0:
            summary = json.loads(out).get("summary", {})
            if summary.get("sent", 0) == 0:
                break
    if sync_status != 0:
        print(f"  final pos sync exit {sync_status}: {(out + err).strip()[:400]}", flush=True)

    # SOAK_SABOTAGE=delete-order deletes one synced order on the server first: the verifier must then say lost=1.
    if os.environ.get("SOAK_SABOTAGE") == "delete-order":
        victim = control("GET", "state")["orders"][0]["id"]
        request = urllib.request.Request(f"{url}/wp-json/wc/v3/orders/{victim}?force=true", method="DELETE",
                                         headers={"Authorization": "Basic " + base64.b64encode(
                                             b"manager:soak-pass").decode()})
        urllib.request.urlopen(request, timeout=30).read()
        print(f"  sabotage: deleted order {victim} on the server", flush=True)

    # Verification.
    state = control("GET", "state")
    server_uuids = collections.Counter()
    server_paid_uuids = set()
    server_unpaid = 0
    for order in state["orders"]:
        for meta in order.get("meta_data", []):
            if meta["key"] == "_pos_client_uuid":
                server_uuids[meta["value"]] += 1
                if order.get("date_paid"):
                    server_paid_uuids.add(meta["value"])
        if not order.get("date_paid"):
            server_unpaid += 1

    database = sqlite3.connect(f"file:{os.path.join(data, 'pos.sqlite')}?mode=ro", uri=True)
    # Sales still open (a declined or killed card sale waits there to be paid or voided). The sale is its order from
    # the first scan (v17); only a completed one is a paid order.
    open_sales = {row[0] for row in database.execute("SELECT id FROM \"order\" WHERE state = 'open'")}
    open_card_receipts = [row[0] for row in database.execute(
        "SELECT p.terminalReceiptNumber FROM payment p JOIN \"order\" o ON o.id = p.orderId "
        "WHERE o.state = 'open' AND p.method = 'card'")]
    awaiting = set()
    orders = {row[0]: {"uuid": row[1], "number": row[2], "total": row[3], "exponent": row[4]}
              for row in database.execute('SELECT id, clientUUID, localNumber, total, currencyExponent FROM "order" '
                                          "WHERE state = 'completed'")}
    payments = collections.defaultdict(list)
    for order_id, method, amount, receipt, attempt in database.execute(
            "SELECT orderId, method, amount, terminalReceiptNumber, journalAttemptId FROM payment"):
        payments[order_id].append((method, amount, receipt if receipt is not None else hand_matched.get(attempt)))
    journal = collections.Counter(
        f"{state}{'+resolved' if resolved else ''}{'+note' if note else ''}"
        for state, resolved, note in database.execute("SELECT state, resolvedAt IS NOT NULL, note IS NOT NULL FROM paymentJournal"))
    paid = {order_id: order for order_id, order in orders.items() if payments[order_id] and order_id not in awaiting}
    database.close()

    ledger = [json.loads(line) for line in open(ledger_path)] if os.path.exists(ledger_path) else []
    approvals = [entry for entry in ledger if entry.get("kind") == "payment" and entry.get("resultCode") == 0]

    # Lost: not on the server, or there but never marked paid.
    lost = sum(1 for order in paid.values() if order["uuid"] not in server_paid_uuids)
    paid_uuids = {order["uuid"] for order in paid.values()}
    duplicated = sum(count - 1 for count in server_uuids.values() if count > 1)
    duplicated += sum(1 for uuid in server_uuids if uuid not in paid_uuids)

    recorded = collections.Counter()
    double_charged = 0
    for order_id, order in paid.items():
        cards = [p for p in payments[order_id] if p[0] == "card"]
        for _, _, receipt in cards:
            recorded[str(int(receipt))] += 1 if receipt is not None else 0
        if len(cards) > 1 or sum(p[1] for p in payments[order_id]) > order["total"]:
            double_charged += 1
    # A card tender on a sale still open is a charge without an order: its approval counts as lost below.
    if open_card_receipts:
        print(f"  {len(open_card_receipts)} card tenders on sales still open (charged, order not written)", flush=True)
    for approval in approvals:
        count = recorded[str(approval["receiptNumber"])]
        if count == 0:
            lost += 1
            print(f"  lost approval: receipt {approval['receiptNumber']} {approval.get('amount')}", flush=True)
        elif count > 1:
            double_charged += 1
    approved_receipts = {str(a["receiptNumber"]) for a in approvals}
    phantom = sum(n for receipt, n in recorded.items() if receipt not in approved_receipts)
    if phantom:
        print(f"  {phantom} recorded card payments have no approval in the terminal's ledger", flush=True)
        double_charged += phantom

    unreceipted = 0
    for order in paid.values():
        status, out, err = pos("receipt", "show", str(order["number"]))
        units = order["total"]
        exponent = order["exponent"]
        whole, fraction = divmod(units, 10 ** exponent)
        forms = {f"{whole}.{fraction:0{exponent}d}", f"{whole},{fraction:0{exponent}d}"} if exponent else {str(whole)}
        if status != 0 or not any(form in out for form in forms):
            unreceipted += 1
            if unreceipted <= 5:
                print(f"  receipt of order {order['number']} (total {units}) not shown: exit {status} {err.strip()[:200]}")

    elapsed = time.time() - started
    print(f"crash-soak: {N} iterations in {elapsed:.0f} s; " + ", ".join(f"{k}={v}" for k, v in sorted(stats.items())))
    print("crash-soak: median run time of a pos process not killed: " + ", ".join(
        f"{kind} {sorted(values)[len(values) // 2]:.2f} s" for kind, values in sorted(durations.items()) if values)
        + "; payment journal: " + ", ".join(f"{key}={value}" for key, value in sorted(journal.items())))
    print(f"crash-soak: {len(orders)} local orders, {len(paid)} paid, {len(open_sales)} sales left open "
          f"({len(open_card_receipts)} with a card tender); "
          f"{len(state['orders'])} orders on the server ({server_unpaid} unpaid); {len(approvals)} terminal approvals "
          f"in {len(ledger)} ledger lines; final pos sync exit {sync_status}")
    print(f"lost={lost} duplicated={duplicated} double_charged={double_charged} unreceipted={unreceipted}")
    ok = lost == duplicated == double_charged == unreceipted == 0
    if not ok:
        print(f"crash-soak: FAILED; evidence kept in {work} (seed {SEED})")
        keep = True
    sys.exit(0 if ok else 1)
finally:
    cleanup()
    if not keep:
        subprocess.run(["rm", "-rf", work])
