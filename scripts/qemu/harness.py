#!/usr/bin/python3
"""Host side of the QEMU guest run: terminal simulators, QEMU, QMP hotplug, and the verdict.

Starts two `pos terminal-sim --zvt-serial tcp://127.0.0.1:PORT` simulators (A for the FTDI cable QEMU plugs in at
boot, B -- slowed down -- for the cable the hotplug scenario plugs in), boots QEMU (TCG, 512 MB, 1 vCPU, qemu-xhci,
usb-serial whose chardev connects to simulator A), reads the serial console, acts on the guest's "EVENT" lines
through QMP (device_del / chardev-add + device_add), and collects "RESULT name pass|fail detail" lines. Fails on
any fail, any missing result, or the overall timeout. Prints the results and the time taken.

Usage: harness.py POS_BINARY KERNEL INITRD WORKDIR [TIMEOUT_SECONDS]
"""
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

EXPECTED = ["discovery", "ftdi-pay", "permission-denied", "permission-udev-rules", "cdc-acm-pay",
            "hotplug-idle", "hotplug-payment"]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_simulator(pos, port, ledger, script):
    args = [pos, "terminal-sim", "--zvt-serial", f"tcp://127.0.0.1:{port}", "--log", ledger]
    for step in script:
        args += ["--script", step]
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = process.stdout.readline()
    if "listening" not in line:
        raise SystemExit(f"qemu-harness: simulator did not start: {line.strip()}")
    return process


class QMP:
    """A minimal QMP client on QEMU's unix socket."""

    def __init__(self, path, deadline):
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.file = self.sock.makefile("rw")
        self.file.readline()  # greeting
        self.execute("qmp_capabilities")

    def execute(self, command, **arguments):
        self.file.write(json.dumps({"execute": command, "arguments": arguments}) + "\n")
        self.file.flush()
        while True:
            reply = json.loads(self.file.readline())
            if "return" in reply or "error" in reply:
                return reply

    def hmp(self, line):
        reply = self.execute("human-monitor-command", **{"command-line": line})
        answer = reply.get("return")
        log(f"qmp: {line} -> {answer.strip() or 'ok' if isinstance(answer, str) else reply}")


START = time.monotonic()


def log(text):
    print(f"[host {time.monotonic() - START:6.2f}] {text}", flush=True)


def approvals(ledger):
    if not os.path.exists(ledger):
        return []
    with open(ledger) as handle:
        entries = [json.loads(line) for line in handle if line.strip()]
    return [entry for entry in entries if entry.get("resultCode", 0) == 0 and entry.get("kind", "payment") == "payment"]


def main():
    pos, kernel, initrd, work = sys.argv[1:5]
    timeout = float(sys.argv[5]) if len(sys.argv) > 5 else 180
    deadline = START + timeout
    os.makedirs(work, exist_ok=True)
    port_a, port_b = free_port(), free_port()
    ledger_a, ledger_b = os.path.join(work, "ledger-a.jsonl"), os.path.join(work, "ledger-b.jsonl")
    for path in (ledger_a, ledger_b):
        if os.path.exists(path):
            os.remove(path)
    sim_a = start_simulator(pos, port_a, ledger_a, [])
    sim_b = start_simulator(pos, port_b, ledger_b, ["slow:4"])
    qmp_path = os.path.join(work, "qmp.sock")
    if os.path.exists(qmp_path):
        os.remove(qmp_path)
    qemu = subprocess.Popen([
        "qemu-system-x86_64", "-accel", "tcg", "-m", "1024", "-smp", "1", "-nographic", "-no-reboot",
        "-kernel", kernel, "-initrd", initrd, "-append", "console=ttyS0 panic=-1 quiet loglevel=3 " + os.environ.get("POS_QEMU_APPEND", ""),
        "-serial", "stdio", "-monitor", "none", "-qmp", f"unix:{qmp_path},server=on,wait=off",
        "-device", "qemu-xhci,id=xhci",
        "-chardev", f"socket,id=c0,host=127.0.0.1,port={port_a},server=off",
        "-device", "usb-serial,id=ftdi0,bus=xhci.0,chardev=c0,always-plugged=on"
        + (f",pcap={work}/ftdi0.pcap" if os.environ.get("POS_QEMU_PCAP") else ""),
    ], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    log(f"qemu started (simulators on {port_a}, {port_b})")
    qmp = QMP(qmp_path, deadline)
    timer = threading.Timer(max(1, deadline - time.monotonic()), qemu.kill)
    timer.start()
    results, console = {}, []
    hot = {"n": 0}

    def plug(device_id):
        hot["n"] += 1
        chardev = f"h{hot['n']}"
        qmp.hmp(f"chardev-add socket,id={chardev},host=127.0.0.1,port={port_b},server=off")
        qmp.hmp(f"device_add usb-serial,id={device_id},bus=xhci.0,chardev={chardev},always-plugged=on")

    actions = {
        "unplug-idle": lambda: qmp.hmp("device_del ftdi0"),
        "replug-idle": lambda: plug("hot1"),
        "unplug-payment": lambda: qmp.hmp("device_del hot1"),
        "replug-payment": lambda: plug("hot2"),
    }
    for raw in qemu.stdout:
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        console.append(line)
        log(f"guest: {line}")
        event = re.match(r"^EVENT (\S+)", line)
        if event and event.group(1) in actions:
            actions[event.group(1)]()
        result = re.match(r"^RESULT (\S+) (pass|fail)\s?(.*)$", line)
        if result:
            results[result.group(1)] = (result.group(2), result.group(3))
    qemu.wait()
    timer.cancel()
    for sim in (sim_a, sim_b):
        sim.terminate()
        sim.wait()
    elapsed = time.monotonic() - START
    charged = approvals(ledger_b)
    amounts = [entry.get("amount") for entry in charged]
    results["hotplug-one-charge"] = ("pass" if len(charged) == 1 else "fail", f"simulator B approvals: {amounts}")
    with open(os.path.join(work, "console.log"), "w") as handle:
        handle.write("\n".join(console) + "\n")
    failed = False
    print("\nqemu guest results:")
    for name in EXPECTED + ["hotplug-one-charge"]:
        verdict, detail = results.get(name, ("missing", ""))
        failed |= verdict != "pass"
        print(f"  {verdict:7} {name}  {detail[:200]}")
    timed_out = time.monotonic() >= deadline
    print(f"qemu guest run: {elapsed:.1f} s{' (TIMED OUT)' if timed_out else ''}; console in {work}/console.log")
    sys.exit(1 if failed or timed_out else 0)


if __name__ == "__main__":
    main()
