#!/usr/bin/env bash
# Packs the guest's initramfs: static busybox, the USB modules' dependency closure (depmod'ed), the host's
# systemd-udevd with its libraries and a few rules files, the pos binary with the libraries ldd names (copied to
# the same absolute paths, so its RPATH to the Swift runtime resolves), the generated udev rules, a cashier user,
# and scripts/qemu/guest-init.sh as /init.
# Usage: build-initramfs.sh POS_BINARY OUTPUT.cpio.gz   (the kernel tree comes from .build-qemu/, see prepare.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
pos_binary=$1
output=$2
cache="${POS_QEMU_CACHE:-$PWD/.build-qemu}"
version=$(cat "$cache/kernel.version")
kroot="$cache/kroot"
root="$cache/initramfs"
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,etc/udev/rules.d,etc/pos,lib/udev/rules.d,lib/systemd,proc,sys,dev,tmp,run,root,home/cashier,usr/bin}

# busybox and its applets
cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list); do
    [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
# the kernel runs /sbin/modprobe for request_module() (g_serial asks for usb_f_acm that way)
ln -s ../bin/busybox "$root/sbin/modprobe"

# the modules: the closure of what the scenarios load, then depmod on the trimmed tree
modules=(usb-common usbcore xhci-hcd xhci-pci usbserial ftdi_sio cdc-acm dummy_hcd g_serial usb_f_acm usb_f_serial usb_f_obex u_serial libcomposite udc-core configfs)
for module in "${modules[@]}"; do
    modprobe -d "$kroot" -S "$version" --show-depends "$module" 2>/dev/null | awk '$1 == "insmod" { print $2 }'
done | sort -u | while read -r path; do
    relative=${path#"$kroot"}
    mkdir -p "$root$(dirname "$relative")"
    cp "$path" "$root$relative"
done
cp "$kroot/lib/modules/$version"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$version/" 2>/dev/null || true
depmod -b "$root" "$version"

# copy_with_libs FILE: the file and every library ldd names, at the same absolute paths
copy_with_libs() {
    local file=$1
    mkdir -p "$root$(dirname "$file")"
    cp -L "$file" "$root$file"
    ldd "$file" 2>/dev/null | grep -o '/[^ ]*' | while read -r lib; do
        [ -e "$root$lib" ] && continue
        mkdir -p "$root$(dirname "$lib")"
        cp -L "$lib" "$root$lib"
    done
}

# udevd (systemd 252's udevadm is also systemd-udevd) and the rules that name devices and bind drivers
udevadm_path=$(command -v udevadm)
copy_with_libs "$udevadm_path"
ln -sf "$udevadm_path" "$root/lib/systemd/systemd-udevd"
[ "$udevadm_path" = /bin/udevadm ] || ln -sf "$udevadm_path" "$root/bin/udevadm" 2>/dev/null || true
for rules in 50-udev-default.rules 60-serial.rules 80-drivers.rules; do
    [ -f "/lib/udev/rules.d/$rules" ] && cp "/lib/udev/rules.d/$rules" "$root/lib/udev/rules.d/"
done

# pos and its libraries; the generated rules for the permission scenario. pos goes to a fixed guest path with its
# resource bundles beside it (the guest mounts a tmpfs on /tmp, which would hide a checkout under /tmp).
pos_real=$(readlink -f "$pos_binary")
copy_with_libs "$pos_real"
mkdir -p "$root/opt/pos/bin"
mv "$root$pos_real" "$root/opt/pos/bin/pos"
# debug info is half of a debug build's size and never read in the guest
if command -v strip >/dev/null; then strip --strip-debug "$root/opt/pos/bin/pos"; fi
for bundle in "$(dirname "$pos_real")"/*.resources; do
    [ -d "$bundle" ] && cp -rL "$bundle" "$root/opt/pos/bin/"
done
ln -sf /opt/pos/bin/pos "$root/usr/bin/pos"
cp udev/70-pos-payment-terminals.rules "$root/etc/pos/"

# users: root and the cashier (in dialout, which the generated rules give access)
cat > "$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/bin/sh
cashier:x:1000:1000:cashier:/home/cashier:/bin/sh
PASSWD
cat > "$root/etc/group" <<'GROUP'
root:x:0:
dialout:x:20:cashier
cashier:x:1000:
GROUP
echo "passwd: files" > "$root/etc/nsswitch.conf"
echo "group: files" >> "$root/etc/nsswitch.conf"
chown 1000:1000 "$root/home/cashier"
chmod 1777 "$root/tmp"

cp scripts/qemu/guest-init.sh "$root/init"
chmod +x "$root/init"
(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1 > "$output")
echo "initramfs: $(du -h "$output" | cut -f1) gz, $(du -sh "$root" | cut -f1) unpacked" >&2
