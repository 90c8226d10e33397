#!/usr/bin/env bash
# Packs the power-cut run's guest (scripts/qemu/power-cut.py): a small initramfs (static busybox, the virtio disk
# and network and ext4 modules, scripts/qemu/guest-power-cut.sh as /init) and a read-only ext4 "tools" image with
# pos (debug, debug info stripped), its resource bundles and every library ldd names, at the same absolute paths.
# pos lives on a disk rather than in the initramfs because TCG unpacks a 200 MB initramfs slowly on every boot, and
# the power-cut run boots once per cut. The image is made with `mkfs.ext4 -d`, so nothing is mounted here.
# Usage: build-power-cut-images.sh POS_BINARY OUTPUT.cpio.gz TOOLS.img   (the kernel tree: .build-qemu/, prepare.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
pos_binary=$1
output=$(realpath -m "$2")
tools_image=$(realpath -m "$3")
cache="${POS_QEMU_CACHE:-$PWD/.build-qemu}"
version=$(cat "$cache/kernel.version")
kroot="$cache/kroot"
root="$cache/power-cut-initramfs"
tools="$cache/power-cut-tools"
rm -rf "$root" "$tools"
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,run,root,data,tools} "$tools"

cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list); do
    [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
ln -sf ../bin/busybox "$root/sbin/modprobe"
modules=(virtio_pci virtio_blk virtio_net ext4 crc32c_generic)
for module in "${modules[@]}"; do
    modprobe -d "$kroot" -S "$version" --show-depends "$module" 2>/dev/null | awk '$1 == "insmod" { print $2 }'
done | sort -u | while read -r path; do
    relative=${path#"$kroot"}
    mkdir -p "$root$(dirname "$relative")"
    cp "$path" "$root$relative"
done
cp "$kroot/lib/modules/$version"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$version/" 2>/dev/null || true
depmod -b "$root" "$version"
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
echo "root:x:0:" > "$root/etc/group"
cp scripts/qemu/guest-power-cut.sh "$root/init"
chmod +x "$root/init"
(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1 > "$output")

# the tools image: pos and its libraries at their absolute paths (the guest binds them over its own /usr, /lib…)
copy_with_libs() {
    local file=$1
    mkdir -p "$tools$(dirname "$file")"
    cp -L "$file" "$tools$file"
    ldd "$file" 2>/dev/null | grep -o '/[^ ]*' | while read -r lib; do
        [ -e "$tools$lib" ] && continue
        mkdir -p "$tools$(dirname "$lib")"
        cp -L "$lib" "$tools$lib"
    done
}
pos_real=$(readlink -f "$pos_binary")
copy_with_libs "$pos_real"
mkdir -p "$tools/opt/pos/bin"
mv "$tools$pos_real" "$tools/opt/pos/bin/pos"
if command -v strip >/dev/null; then strip --strip-debug "$tools/opt/pos/bin/pos"; fi
for bundle in "$(dirname "$pos_real")"/*.resources; do
    [ -d "$bundle" ] && cp -rL "$bundle" "$tools/opt/pos/bin/"
done
# only the top-level directories the guest binds; the copy of the build tree's path is not needed
find "$tools" -mindepth 1 -maxdepth 1 ! -name opt ! -name usr ! -name lib ! -name lib64 -exec rm -rf {} +
size_mb=$(( $(du -sm "$tools" | cut -f1) + 64 ))
rm -f "$tools_image"
truncate -s "${size_mb}M" "$tools_image"
mkfs.ext4 -q -F -L postools -d "$tools" "$tools_image"
echo "power-cut images: initramfs $(du -h "$output" | cut -f1) gz, tools $(du -sh "$tools" | cut -f1)" >&2
