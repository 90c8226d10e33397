#!/usr/bin/python3
"""Host side of the power-cut run: cuts the guest's power while pos sells, and audits the disk after every cut.

One disk image (ext4, made here with mkfs.ext4) is pos's data directory in the guest: a virtio block device with
the host cache off (cache=none, so the guest's flushes reach the host file and nothing is held in QEMU). One
`pos terminal-sim --zvt` runs on the host for the whole run; the guest reaches it over QEMU user networking
(10.0.2.2 is the host's 127.0.0.1 there). Each cut: boot the guest (scripts/qemu/guest-power-cut.sh sells in a
loop and prints "SALE-DONE" per sale pos reported complete), wait a seeded random time after boot, SIGKILL QEMU
(the power cut), loop-mount the image, copy pos's data directory out, unmount, and audit the copy:

- the database opens and `PRAGMA integrity_check` says ok;
- every sale reported complete before this cut or any earlier one is there: its order completed, its payments
  adding up to the total (a card payment with the terminal's receipt number), a stored receipt, an outbox entry;
- every approval in the terminal's ledger is a card payment in the database (by terminal receipt number) or an
  attempt in the payment journal that the next start resolves with the terminal (not settled as failed);
- every JSON file pos writes outside SQLite (credentials, settings, TSE state…) parses: the old or the new
  version, never torn; and the TSE's counters are not behind a signature the database holds.

Prints one line per cut, the totals, and on any failure the seed, the cut and the guest's console.

Usage: power-cut.py --pos POS --kernel K --initrd I --tools IMG --work DIR [--cuts N] [--seed S]
                    [--max-sales N] [--dirty CENTISECONDS] [--mount OPTIONS] [--cache none|directsync]
"""
import argparse
import glob
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time

START = time.monotonic()


def log(text):
    print(f"[power-cut {time.monotonic() - START:7.1f}] {text}", flush=True)


def start_simulator(pos, ledger):
    process = subprocess.Popen([pos, "terminal-sim", "--zvt", "tcp://127.0.0.1:0", "--log", ledger],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = process.stdout.readline()
    match = re.search(r"listening on tcp://127\.0\.0\.1:(\d+)", line)
    if not match:
        raise SystemExit(f"power-cut: terminal simulator did not start: {line.strip()}")
    # Keep draining its output so it never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, int(match.group(1))


def accelerator():
    if os.environ.get("POS_QEMU_ACCEL"):
        return os.environ["POS_QEMU_ACCEL"]
    # TCG: KVM here may be a nested or PVM flavour that the Debian kernel does not boot on (POS_QEMU_ACCEL=kvm).
    return "tcg"


class Guest:
    """One boot of the guest: QEMU's console read on a thread, lines kept with the time they arrived."""

    def __init__(self, args, boot, port):
        # mitigations=off: page-table isolation and friends cost TCG dearly at every syscall; nothing to protect here.
        # no_timer_check: on a busy host TCG's timer can look dead at boot ("IO-APIC + timer doesn't work!", a panic).
        append = (f"console=ttyS0 panic=-1 quiet loglevel=3 mitigations=off no_timer_check pos.power_cut pos.boot={boot} "
                  f"pos.dirty={args.dirty} pos.mount={args.mount} pos.terminal=10.0.2.2:{port}")
        self.process = subprocess.Popen([
            "qemu-system-x86_64", "-accel", accelerator(), "-m", "1024", "-smp", "1", "-nographic", "-no-reboot",
            "-kernel", args.kernel, "-initrd", args.initrd, "-append", append,
            "-serial", "stdio", "-monitor", "none",
            "-drive", f"file={args.disk},if=virtio,format=raw,cache={args.cache},aio=threads",
            "-drive", f"file={args.tools},if=virtio,format=raw,readonly=on",
            "-netdev", "user,id=n0",
            "-device", "virtio-net-pci,netdev=n0,romfile=",  # no iPXE ROM: seconds of TCG per boot
        ], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines = []
        self.started = time.monotonic()
        self.boot_seconds = None
        self.booted = threading.Event()
        self.fatal = None
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for raw in self.process.stdout:
            # the firmware's terminal escapes can precede the first line of /init
            line = re.sub(r"^.*\x1b\[2J", "", raw.decode("utf-8", "replace").rstrip("\r\n"))
            self.lines.append(f"{time.monotonic() - self.started:6.1f} {line}")
            # `in`, not a prefix: firmware output without a newline can share the line (seen once in ~30 boots)
            if "POWERCUT-BOOTED" in line:
                self.boot_seconds = time.monotonic() - self.started
                self.booted.set()
            if "POWERCUT-FATAL" in line:
                self.fatal = line
                self.booted.set()

    def wait_for_boot(self, timeout):
        """Until /init says it booted (or failed), QEMU exits (a panic with -no-reboot), or `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while not self.booted.wait(1):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.reader.join(timeout=10)
                return self.booted.is_set()
        return True

    def wait_for_sales(self, count, timeout):
        """Until this boot has reported `count` sales, QEMU died, or `timeout`; returns how many it reported."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            done = sum(1 for line in self.lines if " SALE-DONE " in line)
            if done >= count:
                return done
            time.sleep(0.2)
        return sum(1 for line in self.lines if " SALE-DONE " in line)

    def sale_intervals(self):
        """Seconds between this boot's consecutive SALE-DONE lines (the host's clock)."""
        times = [float(line.split()[0]) for line in self.lines if " SALE-DONE " in line]
        return [later - earlier for earlier, later in zip(times, times[1:])]

    def cut(self):
        """The power cut: SIGKILL, then everything the guest had written to its serial port before it."""
        self.process.kill()
        self.process.wait()
        self.reader.join(timeout=10)
        return self.lines


def sales_in(lines):
    sales = []
    for line in lines:
        match = re.match(r"^ *[0-9.]+ SALE-DONE boot=(\d+) seq=(\d+) kind=(\w+) amount=(\S+) (.*)$", line)
        if not match:
            continue
        report = json.loads(match.group(5))
        order = report.get("order", report)
        sales.append({"boot": int(match.group(1)), "seq": int(match.group(2)), "kind": match.group(3),
                      "amount": match.group(4), "uuid": order["clientUUID"], "number": order["localNumber"]})
    return sales


def copy_data_directory(image, mountpoint, target):
    """Loop-mounts the image (ext4 replays its journal, as the guest's next boot would), copies pos's data out."""
    os.makedirs(mountpoint, exist_ok=True)
    subprocess.run(["mount", "-t", "ext4", "-o", "loop", image, mountpoint], check=True)
    try:
        if os.path.exists(target):
            shutil.rmtree(target)
        source = os.path.join(mountpoint, "pos")
        if os.path.isdir(source):
            shutil.copytree(source, target)
        else:
            os.makedirs(target)
    finally:
        subprocess.run(["umount", mountpoint], check=True)


def ledger_approvals(ledger):
    if not os.path.exists(ledger):
        return []
    entries = []
    with open(ledger) as handle:
        for line in handle:
            if line.strip():
                entries.append(json.loads(line))
    return [entry for entry in entries
            if entry.get("resultCode", 0) == 0 and entry.get("kind", "payment") == "payment"]


def audit(data, reported, approvals, setup_done):
    """Returns (problems, figures) for one copy of the data directory."""
    problems, figures = [], {"found": 0, "torn": 0, "orphans": 0, "integrity": "no database"}
    database = os.path.join(data, "pos.sqlite")
    # Files outside SQLite: every JSON file parses (the old or the new version), none is left half written.
    tse = None
    for path in sorted(glob.glob(os.path.join(data, "*.json"))):
        try:
            with open(path, "rb") as handle:
                value = json.loads(handle.read())
            if os.path.basename(path) == "tse-simulator.json":
                tse = value
        except ValueError as error:
            figures["torn"] += 1
            problems.append(f"torn file {os.path.basename(path)} ({os.path.getsize(path)} bytes): {error}")
    if not os.path.exists(database):
        if reported or setup_done:
            problems.append("the database is missing")
        return problems, figures
    connection = sqlite3.connect(f"file:{database}", uri=True)
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchall()
        figures["integrity"] = "ok" if integrity == [("ok",)] else str(integrity)[:300]
        if figures["integrity"] != "ok":
            problems.append(f"integrity_check: {figures['integrity']}")
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"order", "payment", "receipt", "outbox", "paymentJournal"} <= tables:
            # A cut while the demo store was being set up: an unmigrated database is right if nothing was sold.
            if reported or approvals:
                problems.append(f"the database lacks its tables (has {sorted(tables)})")
            return problems, figures
        for sale in reported:
            row = connection.execute('SELECT id, total FROM "order" WHERE clientUUID = ?', (sale["uuid"],)).fetchone()
            if row is None:
                problems.append(f"lost sale {sale['number']} ({sale['kind']}, boot {sale['boot']} seq {sale['seq']})")
                continue
            order_id, total = row
            payments = connection.execute(
                "SELECT method, amount, terminalReceiptNumber FROM payment WHERE orderId = ?", (order_id,)).fetchall()
            receipts = connection.execute("SELECT COUNT(*) FROM receipt WHERE orderId = ?", (order_id,)).fetchone()[0]
            outbox = connection.execute("SELECT COUNT(*) FROM outbox WHERE orderId = ?", (order_id,)).fetchone()[0]
            paid = sum(amount for _, amount, _ in payments)
            wrong = []
            if paid < total:
                wrong.append(f"payments {paid} < total {total}")
            if sale["kind"] == "card" and not any(number for _, _, number in payments):
                wrong.append("no card payment with a terminal receipt number")
            if receipts == 0:
                wrong.append("no receipt")
            if outbox == 0:
                wrong.append("no outbox entry")
            if wrong:
                problems.append(f"sale {sale['number']} ({sale['kind']}) incomplete: {', '.join(wrong)}")
            else:
                figures["found"] += 1
        # The terminal's word: every approval is a payment pos stored, or an attempt pos will resolve.
        stored = {int(number) for (number,) in connection.execute(
            "SELECT terminalReceiptNumber FROM payment WHERE terminalReceiptNumber IS NOT NULL")}
        attempts = connection.execute("SELECT amount, state, result FROM paymentJournal").fetchall()
        for _, _, result in attempts:
            try:
                number = json.loads(result or "null")
                number = number.get("receiptNumber") if isinstance(number, dict) else None
            except ValueError:
                number = None
            if number is not None:
                stored.add(int(number))  # the journal holds the terminal's approval: the next start settles it
        # An attempt cut before the terminal's answer was stored: the next start asks the terminal (resolvable).
        open_attempts = [amount for amount, state, _ in attempts if state in ("started", "requestSent", "unknown")]
        for approval in approvals:
            number = approval.get("receiptNumber")
            if number is not None and int(number) in stored:
                continue
            if (approval.get("amount") or {}).get("minorUnits") in open_attempts:
                continue
            figures["orphans"] += 1
            problems.append(f"orphan approval: terminal receipt {number}, amount {approval.get('amount')} "
                            f"(journal states {sorted({state for _, state in attempts})})")
        if tse is not None:
            # A signature the database holds was made by a TSE whose counters the state file must not be behind
            # (an old file brought back by a lost write would sign the next sale with a used counter).
            counters = tse.get("tse", {})
            highest = {"signatureCounter": 0, "transactionNumber": 0}
            for (signature,) in connection.execute("SELECT signature FROM fiscalTransaction WHERE signature IS NOT NULL"):
                try:
                    value = json.loads(signature)
                except ValueError:
                    continue
                for key in highest:
                    highest[key] = max(highest[key], int(value.get(key) or 0))
            behind = [f"{key} {highest[key]} stored > {counters.get(field)} in the file"
                      for key, field in (("signatureCounter", "signatureCounter"), ("transactionNumber", "transactionCounter"))
                      if counters.get(field) is not None and highest[key] > int(counters[field])]
            if behind:
                figures["torn"] += 1
                problems.append("TSE state behind the database: " + "; ".join(behind))
    except sqlite3.DatabaseError as error:
        figures["integrity"] = f"error: {error}"
        problems.append(f"the database does not open: {error}")
    finally:
        connection.close()
    return problems, figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pos", required=True)
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--initrd", required=True)
    parser.add_argument("--tools", required=True, help="the read-only ext4 image with pos (build-power-cut-images.sh)")
    parser.add_argument("--work", required=True)
    parser.add_argument("--cuts", type=int, default=20)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--max-sales", type=int, default=2,
                        help="each cut comes after 0..N sales of its boot, then 0..1 sale's time more")
    parser.add_argument("--dirty", type=int, default=6000, help="guest vm.dirty_expire/writeback_centisecs")
    parser.add_argument("--mount", default="noauto_da_alloc", help="the guest's ext4 mount options")
    parser.add_argument("--cache", default="none", help="QEMU's cache mode for the disk (none or directsync)")
    parser.add_argument("--disk-mb", type=int, default=256)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.work, exist_ok=True)
    args.disk = os.path.join(args.work, "disk.img")
    if os.path.exists(args.disk):
        os.remove(args.disk)
    subprocess.run(["truncate", "-s", f"{args.disk_mb}M", args.disk], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-F", "-L", "posdata", args.disk], check=True)
    ledger = os.path.join(args.work, "ledger.jsonl")
    if os.path.exists(ledger):
        os.remove(ledger)
    simulator, port = start_simulator(args.pos, ledger)
    log(f"seed {args.seed}, {args.cuts} cuts, each after 0-{args.max_sales} sales and 0-1 sale's time, "
        f"accel {accelerator()}, "
        f"disk cache={args.cache}, guest dirty expiry {args.dirty / 100:.0f} s, mount {args.mount}, "
        f"terminal simulator on {port}")
    reported, console_all, failures = [], [], []
    totals = {"cuts": 0, "reported": 0, "found": 0, "lost": 0, "torn": 0, "orphans": 0, "integrity_ok": 0}
    setup_done = False
    guest = None
    sale_seconds = 30.0  # until measured: one round's share of a sale under TCG
    # SIGTERM or Ctrl-C stops the run: the guest and the simulator are stopped, the totals so far printed.
    def stop(*_):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    stopped = False
    try:
        for cut in range(1, args.cuts + 1):
            # The cut's moment: after a random number of this boot's sales, then a random part of the time one sale
            # takes here (measured, so the cut lands anywhere in a sale however slow TCG is on this host): inside
            # the setup, a sale, the settings write, or between them.
            wait_sales = rng.randint(0, args.max_sales)
            fraction = rng.random()
            guest = Guest(args, cut, port)
            booted = guest.wait_for_boot(300)  # TCG on a busy 2-core machine
            if not booted and any("Kernel panic" in line for line in guest.lines) and not any(
                    "POWERCUT-" in line for line in guest.lines):
                # The kernel died before /init touched the disk (TCG starved of CPU): power it on again.
                log(f"cut {cut:3}: the kernel panicked before /init ran; booting again")
                guest.cut()
                guest = Guest(args, cut, port)
                booted = guest.wait_for_boot(300)
            if not booted or guest.fatal:
                lines = guest.cut()
                failures.append((cut, [guest.fatal or "the guest did not boot"], lines))
                break
            reached = guest.wait_for_sales(wait_sales, timeout=900)
            delay = fraction * sale_seconds
            time.sleep(delay)  # the power cut's random moment within a sale: the point of the test
            lines = guest.cut()
            console_all += [f"--- boot {cut}"] + lines
            setup_done |= any("POWERCUT-SETUP" in line for line in lines)
            sales = sales_in(lines)
            reported += sales
            work_copy = os.path.join(args.work, "audit")
            copy_data_directory(args.disk, os.path.join(args.work, "mnt"), work_copy)
            problems, figures = audit(work_copy, reported, ledger_approvals(ledger), setup_done)
            lost = sum(1 for problem in problems if problem.startswith("lost sale"))
            totals["cuts"] += 1
            totals["reported"] = len(reported)
            totals["found"] = figures["found"]
            totals["lost"] = max(totals["lost"], lost)
            totals["torn"] += figures["torn"]
            totals["orphans"] = max(totals["orphans"], figures["orphans"])
            totals["integrity_ok"] += figures["integrity"] == "ok"
            failed_sales = sum(1 for line in lines if "SALE-FAILED" in line)
            intervals = guest.sale_intervals()
            if intervals:
                sale_seconds = 0.7 * sale_seconds + 0.3 * (sum(intervals) / len(intervals))
            log(f"cut {cut:3}: boot {guest.boot_seconds:4.1f} s, cut {delay:4.1f} s after sale {reached}, {len(sales)} sales reported this boot"
                f"{f' ({failed_sales} failed)' if failed_sales else ''}, {figures['found']}/{len(reported)} found, "
                f"integrity {figures['integrity']}, torn {figures['torn']}, orphans {figures['orphans']}")
            if problems:
                failures.append((cut, problems, lines))
                break
    except KeyboardInterrupt:
        stopped = True
    finally:
        if guest is not None and guest.process.poll() is None:
            guest.process.kill()
        simulator.terminate()
        simulator.wait()
        with open(os.path.join(args.work, "console.log"), "w") as handle:
            handle.write("\n".join(console_all) + "\n")
    print(f"\npower-cut run (seed {args.seed}): cuts {totals['cuts']}, sales reported {totals['reported']}, "
          f"sales found {totals['found']}, lost {totals['lost']}, torn files {totals['torn']}, "
          f"orphan approvals {totals['orphans']}, integrity ok {totals['integrity_ok']}/{totals['cuts']}; "
          f"{time.monotonic() - START:.0f} s{' (stopped before the last cut)' if stopped else ''}")
    if failures:
        cut, problems, lines = failures[0]
        print(f"FAILED at cut {cut} (seed {args.seed}; rerun with --seed {args.seed}):")
        for problem in problems[:20]:
            print(f"  {problem}")
        print("the guest's console of that boot (last 30 lines):")
        for line in lines[-30:]:
            print(f"  | {line[:300]}")
        sys.exit(1)
    if stopped:
        sys.exit(130)
    if totals["reported"] == 0:
        print("FAILED: no sale was reported; the run proved nothing")
        sys.exit(1)


if __name__ == "__main__":
    main()
