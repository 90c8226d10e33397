#!/bin/sh
# /init of the QEMU guest (busybox sh): brings up USB and udevd, runs the scenarios and prints one
# "RESULT <name> pass|fail <detail>" line each on the serial console. "EVENT <name>" lines ask the host runner
# to act (QMP hotplug); the guest then waits for the effect (udev events seen by pos), never a fixed time.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
export HOME=/root
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /dev/pts /tmp /run /var/tmp
mount -t devpts devpts /dev/pts
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mount -t configfs none /sys/kernel/config 2>/dev/null
hostname pos-guest
FTDI=0403:6001
ACM=0525:a4a7

say() { echo "$*" > /dev/console; }
result() { say "RESULT $1 $2 $3"; }
# wait_for FILE PATTERN SECONDS: until a line matching PATTERN appears in FILE (polled every 0.1 s).
wait_for() {
    n=0
    while [ $n -lt $(($3 * 10)) ]; do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
        n=$((n + 1))
    done
    return 1
}
one_line() { tr '\n' ' ' < "$1" | cut -c1-300; }

say "GUEST-BOOTED uptime $(cut -d' ' -f1 /proc/uptime)"
modprobe -a usb-common usbcore xhci-hcd xhci-pci usbserial ftdi_sio cdc-acm 2>/tmp/modprobe.err || say "modprobe: $(cat /tmp/modprobe.err)"
/lib/systemd/systemd-udevd --daemon 2>/tmp/udevd.err
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle --timeout=20
say "GUEST-USB-READY uptime $(cut -d' ' -f1 /proc/uptime)"

# `pos reader pay` is journalled in a store's currency: open the embedded demo store (EUR) for root and the cashier.
pos run --json > /tmp/demo.out 2>&1 || say "demo store (root): $(one_line /tmp/demo.out)"
su -s /bin/sh cashier -c "pos run --json" > /tmp/demo-cashier.out 2>&1 || say "demo store (cashier): $(one_line /tmp/demo-cashier.out)"

if [ -n "$POSDEBUG" ]; then
    for i in 1 2; do
        pos reader pay --reader zvt+usb://$FTDI --amount 1.0$i --currency EUR > /tmp/d$i.out 2>&1; say "DEBUG pay$i rc=$? $(one_line /tmp/d$i.out)"
    done
    modprobe dummy_hcd; modprobe usb_f_acm; modprobe g_serial use_acm=1 n_ports=1
    n=0; while [ ! -e /dev/ttyACM0 ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
    dmesg | tail -25 > /dev/console
    ls -l /sys/bus/usb/devices/ > /dev/console
    poweroff -f
fi

# 1. Discovery: pos lists the FTDI terminal by its ids.
pos reader list --json > /tmp/list.json 2>/tmp/list.err
if grep -q "zvt+usb://$FTDI" /tmp/list.json; then result discovery pass "$(one_line /tmp/list.json)"
else result discovery fail "$(one_line /tmp/list.json) $(one_line /tmp/list.err)"; fi

# 2. A payment over the emulated FTDI cable, against the simulator on the host side of the chardev.
pos reader pay --reader zvt+usb://$FTDI --amount 12.50 --currency EUR --json > /tmp/pay.json 2>/tmp/pay.err
rc=$?
if [ $rc -eq 0 ] && grep -q '"approved"' /tmp/pay.json; then result ftdi-pay pass "$(one_line /tmp/pay.json)"
else result ftdi-pay fail "rc=$rc $(one_line /tmp/pay.json) $(one_line /tmp/pay.err)"; fi

# 3. Permission: the cashier (uid 1000, group dialout) on a device node 0600 root, then with the udev rules.
node=""
for d in /sys/bus/usb/devices/*; do
    if [ "$(cat $d/idVendor 2>/dev/null):$(cat $d/idProduct 2>/dev/null)" = "$FTDI" ]; then
        node=$(printf /dev/bus/usb/%03d/%03d "$(cat $d/busnum)" "$(cat $d/devnum)")
    fi
done
chown root:root "$node"; chmod 0600 "$node"
su -s /bin/sh cashier -c "pos reader pay --reader zvt+usb://$FTDI --amount 1.00 --currency EUR" > /tmp/perm1.out 2>/tmp/perm1.err
rc=$?
if [ $rc -ne 0 ] && grep -q "install-udev-rules" /tmp/perm1.err; then result permission-denied pass "$(one_line /tmp/perm1.err)"
else result permission-denied fail "rc=$rc node=$node $(one_line /tmp/perm1.err)"; fi
cp /etc/pos/70-pos-payment-terminals.rules /etc/udev/rules.d/
udevadm control --reload
udevadm trigger --action=add --subsystem-match=usb >/dev/null 2>&1
udevadm settle --timeout=20
su -s /bin/sh cashier -c "pos reader pay --reader zvt+usb://$FTDI --amount 1.00 --currency EUR --json" > /tmp/perm2.json 2>/tmp/perm2.err
rc=$?
if [ $rc -eq 0 ] && grep -q '"approved"' /tmp/perm2.json; then result permission-udev-rules pass "$(ls -l $node | cut -c1-40)"
else result permission-udev-rules fail "rc=$rc $(ls -l $node) $(one_line /tmp/perm2.err)"; fi

# 4. CDC-ACM: dummy_hcd + g_serial make a real CDC-ACM device (0525:a4a7); the simulator serves the gadget side.
modprobe dummy_hcd 2>/tmp/acm.err && modprobe usb_f_acm 2>>/tmp/acm.err && modprobe g_serial use_acm=1 n_ports=1 2>>/tmp/acm.err
udevadm settle --timeout=20
# the gadget enumerates on the dummy host controller after a moment: wait for cdc_acm to bind it
n=0; while { [ ! -e /dev/ttyGS0 ] || [ ! -e /dev/ttyACM0 ]; } && [ $n -lt 200 ]; do sleep 0.1; n=$((n + 1)); done
pos terminal-sim --zvt-serial /dev/ttyGS0 --log /tmp/acm-ledger.jsonl > /tmp/acm-sim.out 2>&1 &
sim=$!
wait_for /tmp/acm-sim.out "simulator on" 30
pos reader pay --reader zvt+usb://$ACM --amount 3.20 --currency EUR --json > /tmp/acm.json 2>>/tmp/acm.err
rc=$?
if [ $rc -eq 0 ] && grep -q '"approved"' /tmp/acm.json; then result cdc-acm-pay pass "$(one_line /tmp/acm.json)"
else
    dmesg | grep -i -E "gadget|dummy|acm|udc|usb [34]" | tail -8 > /tmp/acm.dmesg
    result cdc-acm-pay fail "rc=$rc $(one_line /tmp/acm.json) $(one_line /tmp/acm.err) $(one_line /tmp/acm-sim.out) $(ls /dev/ttyGS* /dev/ttyACM* 2>&1 | tr '\n' ' ') $(one_line /tmp/acm.dmesg)"
fi
kill $sim 2>/dev/null

# 5. Hotplug while idle: a watching pos reports the reader leaving and coming back.
pos reader watch > /tmp/watch.log 2>&1 &
watch=$!
if wait_for /tmp/watch.log "reader-present $FTDI" 30; then
    say "EVENT unplug-idle"
    wait_for /tmp/watch.log "reader-disappeared $FTDI" 30 && say "EVENT replug-idle"
    if wait_for /tmp/watch.log "reader-appeared $FTDI" 30; then result hotplug-idle pass "$(one_line /tmp/watch.log)"
    else result hotplug-idle fail "$(one_line /tmp/watch.log)"; fi
else result hotplug-idle fail "$(one_line /tmp/watch.log)"; fi
kill $watch 2>/dev/null

# 6. Hotplug during a payment: pulled out mid-payment, put back, resolved with the terminal, charged once.
pos reader watch --pay 7.00 --reader zvt+usb://$FTDI > /tmp/paywatch.log 2>&1 &
watch=$!
# The unplug comes while the terminal prints the slip: it has booked the payment, pos has not seen it complete.
if wait_for /tmp/paywatch.log "payment-printing" 30; then
    say "EVENT unplug-payment"
    wait_for /tmp/paywatch.log "reader-disappeared $FTDI" 30 && say "EVENT replug-payment"
    wait_for /tmp/paywatch.log "reader-appeared $FTDI" 30
    wait_for /tmp/paywatch.log "watch-done" 60
fi
# Pass: the payment was cut by the unplug, then resolved with the terminal as approved (or, if the terminal says
# nothing was charged, paid again); the host checks its ledger holds one charge.
if grep -q "payment-interrupted" /tmp/paywatch.log && grep -q "payment-resolved" /tmp/paywatch.log \
    && grep -q "watch-done approved" /tmp/paywatch.log && grep -q "reader-appeared $FTDI" /tmp/paywatch.log; then
    result hotplug-payment pass "$(one_line /tmp/paywatch.log)"
else result hotplug-payment fail "$(one_line /tmp/paywatch.log)"; fi
kill $watch 2>/dev/null

say "GUEST-DONE uptime $(cut -d' ' -f1 /proc/uptime)"
poweroff -f
