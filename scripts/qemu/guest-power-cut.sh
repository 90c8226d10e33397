#!/bin/sh
# /init of the power-cut run's guest (scripts/qemu/power-cut.py; packed by build-power-cut-images.sh). Mounts
# the read-only tools disk (pos and its libraries, bound over /opt, /lib, /lib64) and the data disk (ext4, made on
# the host) on /data as pos's data directory, then sells in a loop, alternating cash and card (the host's
# `pos terminal-sim`, reached over QEMU user networking at 10.0.2.2, the host's loopback: pos.terminal=HOST:PORT),
# and prints one "SALE-DONE" line per sale pos reported complete. The host cuts the power at a random moment and
# audits the disk; this script never shuts down by itself.
# Command line: pos.boot=N (which boot this is), pos.dirty=CENTISECONDS (how long the kernel may keep dirty pages
# before writing them back: long, so a write that is not flushed is really at risk), pos.mount=OPTIONS.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin:/opt/pos/bin
export HOME=/root
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
hostname pos-guest
say() { echo "$*" > /dev/console; }
one_line() { tr '\n' ' ' < "$1" | cut -c1-400; }
arg() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^$1=//p" | head -1; }
boot=$(arg pos.boot)
dirty=$(arg pos.dirty)
options=$(arg pos.mount)

modprobe -a virtio_pci virtio_blk virtio_net crc32c_generic ext4 2>/tmp/modprobe.err || say "modprobe: $(one_line /tmp/modprobe.err)"
if [ -n "$dirty" ]; then
    echo "$dirty" > /proc/sys/vm/dirty_expire_centisecs
    echo "$dirty" > /proc/sys/vm/dirty_writeback_centisecs
fi
n=0; while [ ! -b /dev/vdb ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
# The disks by their ext4 label (made on the host; s_volume_name, 1144 bytes in): postools, posdata.
for disk in /dev/vd?; do
    case "$(dd if="$disk" bs=1 skip=1144 count=16 2>/dev/null | tr -d '\0')" in
        postools) tools_disk=$disk ;;
        posdata) data_disk=$disk ;;
    esac
done
mount -t ext4 -o ro "$tools_disk" /tools || say "POWERCUT-FATAL tools disk $tools_disk"
for d in opt lib lib64 usr; do
    [ -d "/tools/$d" ] || continue
    mkdir -p "/$d"
    mount --bind "/tools/$d" "/$d"
done
mkdir -p /data
if ! mount -t ext4 -o "${options:-defaults}" "$data_disk" /data 2>/tmp/mount.err; then
    say "POWERCUT-FATAL mount: $(one_line /tmp/mount.err)"
    sleep 600
fi
ip link set lo up 2>/dev/null || ifconfig lo up
ifconfig eth0 10.0.2.15 netmask 255.255.255.0 up 2>/tmp/net.err || say "POWERCUT-FATAL network: $(one_line /tmp/net.err)"
export XDG_DATA_HOME=/data
reader=zvt+tcp://$(arg pos.terminal)
say "POWERCUT-BOOTED boot=$boot uptime $(cut -d' ' -f1 /proc/uptime)"

# The demo store, once: the marker is the harness's own, written and flushed after pos reported the store open.
if [ ! -e /data/setup-done ]; then
    if pos run --json > /tmp/setup.out 2>&1; then
        echo done > /data/setup-done && sync
        say "POWERCUT-SETUP boot=$boot"
    else
        say "POWERCUT-FATAL setup: $(one_line /tmp/setup.out)"
        sleep 600
    fi
fi

# Each round: a cash sale, a settings write (a file outside SQLite), a card sale (exit 13, an attempt an earlier
# cut left unresolved: `pos reader resolve` asks the terminal, and the next card sale goes ahead). Prices differ per sale so a
# ledger entry names its sale by amount too.
i=0
while true; do
    i=$((i + 1))
    cents=$(( (boot * 1000 + i) % 9000 + 100 ))
    price="$((cents / 100)).$(printf %02d $((cents % 100)))"
    if [ $((i % 2)) -eq 1 ]; then
        kind=cash
        pos sell --manual "name=Cut $boot-$i,price=$price" --pay cash:100 --json > /tmp/sale.json 2>/tmp/sale.err
    else
        kind=card
        pos sell --manual "name=Cut $boot-$i,price=$price" --pay card --reader "$reader" --json > /tmp/sale.json 2>/tmp/sale.err
    fi
    rc=$?
    if [ $rc -eq 13 ]; then
        # A card attempt cut by an earlier power cut is unresolved: pos asks the terminal, as a cashier would.
        pos reader resolve --reader "$reader" > /tmp/resolve.out 2>&1
        say "RESOLVE boot=$boot seq=$i rc=$? $(one_line /tmp/resolve.out)"
    fi
    if [ $rc -eq 0 ]; then say "SALE-DONE boot=$boot seq=$i kind=$kind amount=$price $(tr -d '\n' < /tmp/sale.json)"
    else say "SALE-FAILED boot=$boot seq=$i kind=$kind rc=$rc $(one_line /tmp/sale.err)"; fi
    if [ $((i % 2)) -eq 1 ]; then language=de; else language=en; fi
    if pos settings set paper-language $language > /tmp/set.out 2>&1; then
        say "SETTING-DONE boot=$boot seq=$i"
    fi
done
