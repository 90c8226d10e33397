#!/usr/bin/env bash
# Builds the Debian package pos_<version>_<arch>.deb for merchants: a release build of `pos` with the Swift runtime
# linked in (no toolchain needed), stripped, with its resources, the udev rules, the kiosk unit, a man page and
# shell completions. Usage: scripts/package-deb.sh [OUTPUT_DIR] (default: the repository root). Prints the .deb's path
# on the last line. Environment: POS_DEB_MAINTAINER ("Name <address>") for the Maintainer field.
#
# What goes where (Debian's standard places; lintian checks them):
#   /usr/bin/pos                                   the stripped executable
#   /usr/share/pos/Localization/{en,de}.lproj/     the string catalog  } pos looks for both at <prefix>/share/pos
#   /usr/share/pos/templates/                      the receipt templates } beside <prefix>/bin (no wrapper needed)
#   /usr/lib/udev/rules.d/70-pos-payment-terminals.rules
#   /usr/lib/systemd/system/pos-counter.service    the kiosk unit, installed but not enabled
#   /usr/lib/systemd/system/pos-display-web.service    the customer display's web server, installed but not enabled
#   /usr/lib/systemd/user/pos-display-kiosk.service    Chromium on the customer's monitor (a user unit), not enabled
#   /usr/share/man/man1/pos.1.gz                   from swift-argument-parser's generate-manual
#   /usr/share/bash-completion/completions/pos, /usr/share/zsh/vendor-completions/_pos,
#   /usr/share/fish/vendor_completions.d/pos.fish  from `pos --generate-completion-script`
#   /usr/share/doc/pos/{copyright,changelog.gz}    the licenses of everything linked in; a native package's changelog
#   /usr/share/lintian/overrides/pos               why the vendored zlib lintian finds is there (see step 7)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$root}" && cd "${1:-$root}" && pwd)
cd "$root"
maintainer=${POS_DEB_MAINTAINER:-"pos maintainers <pos@example.org>"}

step() { echo "package-deb: $*" >&2; }
die() { echo "package-deb: error: $*" >&2; exit 1; }
for tool in swift dpkg-deb dpkg-shlibdeps strip readelf gzip git /usr/bin/python3; do
    command -v "$tool" >/dev/null || die "$tool is missing (scripts/install-deps.sh installs it)"
done

# 1. The release build. --static-swift-stdlib links the Swift runtime and Foundation in; --disable-local-rpath keeps
#    SwiftPM's $ORIGIN RUNPATH out (lintian: custom-library-search-path), since nothing is loaded from beside pos;
#    `-z now` makes the relocations read-only before main (full RELRO, lintian: hardening-no-bindnow). Both only
#    change the link, so a tree already built in release mode is relinked, not recompiled.
build_flags=(-c release --product pos --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now)
step "swift build ${build_flags[*]}"
started=$(date +%s)
swift build "${build_flags[@]}" >&2
step "release build: $(( $(date +%s) - started )) s"
bin=$(swift build "${build_flags[@]}" --show-bin-path)

# The manual's generator is a tool of the swift-argument-parser checkout pos resolved to (the GenerateManual plugin
# would rebuild every product in release mode without the flags above, so it is built on its own, in debug).
parser="$root/.build/checkouts/swift-argument-parser"
[ -f "$parser/Package.swift" ] || die "no swift-argument-parser checkout in .build/checkouts"
step "building generate-manual from $(git -C "$parser" describe --tags 2>/dev/null || echo "$parser")"
swift build --package-path "$parser" --scratch-path "$root/.build/generate-manual" --product generate-manual >&2
generate_manual="$root/.build/generate-manual/debug/generate-manual"

# Texts that come from the binary are taken in English, from a scratch home, whatever this machine's store or locale.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
run_pos() { env -i PATH=/usr/bin:/bin HOME="$scratch/home" XDG_DATA_HOME="$scratch/home" LC_ALL=en_US.UTF-8 "$@"; }

version=$(run_pos "$bin/pos" --version)
[[ $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] || die "pos --version printed '$version', not a Debian native version"
arch=$(dpkg --print-architecture)
name="pos_${version}_${arch}"
# Dates in the package come from the last commit, so that two builds of one commit give the same files.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)

stage="$root/.build/deb/$name"
rm -rf "$stage"
mkdir -p "$stage/DEBIAN"
step "staging $name in ${stage#"$root"/}"

# 2. The executable, stripped as dh_strip does.
install -d "$stage/usr/bin"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$stage/usr/bin/pos" "$bin/pos"
chmod 0755 "$stage/usr/bin/pos"
needed=$(readelf -d "$stage/usr/bin/pos" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
if grep -Eq '^lib(swift|Foundation|dispatch|BlocksRuntime|_Foundation|FoundationEssentials)' <<<"$needed"; then
    die "pos still links the Swift runtime dynamically: $(tr '\n' ' ' <<<"$needed")"
fi
if readelf -d "$stage/usr/bin/pos" | grep -Eq '\((RPATH|RUNPATH)\)'; then
    die "pos has an RPATH/RUNPATH: $(readelf -d "$stage/usr/bin/pos" | grep -E 'RPATH|RUNPATH')"
fi

# 3. Resources, where Catalog.bundleCandidates and ReceiptTemplates.candidates look for a binary in <prefix>/bin.
install -d "$stage/usr/share/pos"
cp -R "$bin/pos_Localization.resources" "$stage/usr/share/pos/Localization"
cp -R "$bin/pos_ReceiptTemplates.resources/templates" "$stage/usr/share/pos/templates"
[ -f "$stage/usr/share/pos/Localization/en.lproj/Localizable.strings" ] || die "no English string catalog in the build"
[ -f "$stage/usr/share/pos/templates/sale.mustache" ] || die "no receipt templates in the build"

# 4. Device rules and the kiosk unit (the repository's, pointed at /usr/bin/pos; not enabled: no maintainer scripts).
install -D -m 0644 udev/70-pos-payment-terminals.rules "$stage/usr/lib/udev/rules.d/70-pos-payment-terminals.rules"
unit="$stage/usr/lib/systemd/system/pos-counter.service"
install -d "$(dirname "$unit")"
{
    echo "# The counter as a kiosk on the first virtual console, installed by the pos package and not enabled."
    echo "# To use it (as root):"
    echo "#   useradd --system --create-home --home-dir /var/lib/pos-counter --groups lp,dialout pos-counter"
    echo "#   systemctl disable --now getty@tty1.service"
    echo "#   systemctl enable --now pos-counter.service"
    echo "# See docs/operations.md in pos's repository (A kiosk on tty1)."
    sed -n '/^\[Unit\]/,$p' deploy/pos-counter.service |
        sed -e 's|^ExecStart=/usr/local/bin/pos |ExecStart=/usr/bin/pos |' -e '/^Description=/a Documentation=man:pos(1)'
} > "$unit"
chmod 0644 "$unit"
grep -q '^ExecStart=/usr/bin/pos ' "$unit" || die "the kiosk unit's ExecStart was not rewritten to /usr/bin/pos"
# The customer display on a second monitor: the web server beside the counter (same user), and Chromium in kiosk mode
# as a user unit of the graphical session. Both installed, neither enabled (docs/hardware.md, "Customer display on a
# monitor").
unit="$stage/usr/lib/systemd/system/pos-display-web.service"
{
    echo "# The customer display's web server (pos display --web), installed by the pos package and not enabled."
    echo "# To use it (as root), once pos-counter.service runs:"
    echo "#   sudo -u pos-counter XDG_DATA_HOME=/var/lib/pos-counter pos settings set customer-display on"
    echo "#   systemctl enable --now pos-display-web.service"
    echo "# Loopback only (127.0.0.1:8470); pos-display-kiosk.service (a user unit) opens it. See docs/hardware.md."
    sed -n '/^\[Unit\]/,$p' deploy/pos-display-web.service |
        sed -e 's|^ExecStart=/usr/local/bin/pos |ExecStart=/usr/bin/pos |' -e '/^Description=/a Documentation=man:pos(1)'
} > "$unit"
chmod 0644 "$unit"
grep -q '^ExecStart=/usr/bin/pos display --web' "$unit" || die "the display unit's ExecStart was not rewritten to /usr/bin/pos"
unit="$stage/usr/lib/systemd/user/pos-display-kiosk.service"
install -d "$(dirname "$unit")"
{
    echo "# Chromium in kiosk mode on the customer's monitor, installed by the pos package and not enabled."
    echo "# To use it (as the graphical session's user; set POS_DISPLAY_POSITION with systemctl --user edit):"
    echo "#   systemctl --user enable --now pos-display-kiosk.service"
    echo "# See docs/hardware.md in pos's repository (Customer display on a monitor)."
    sed -n '/^\[Unit\]/,$p' deploy/pos-display-kiosk.service
} > "$unit"
chmod 0644 "$unit"
grep -q '^ExecStart=/usr/bin/chromium --kiosk' "$unit" || die "the display kiosk unit lost its ExecStart"

# 5. The manual and the shell completions, generated from the command-line definitions of the binary itself.
install -d "$stage/usr/share/man/man1"
run_pos "$generate_manual" "$bin/pos" --output-directory "$scratch" \
    --date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)" --section 1 >&2
[ -s "$scratch/pos.1" ] || die "generate-manual wrote no pos.1"
gzip -9n < "$scratch/pos.1" > "$stage/usr/share/man/man1/pos.1.gz"
install -d "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
    "$stage/usr/share/fish/vendor_completions.d"
# bash-completion sources its scripts: no #! line (lintian: bash-completion-with-hashbang).
run_pos "$bin/pos" --generate-completion-script bash | sed '1{/^#!/d}' > "$stage/usr/share/bash-completion/completions/pos"
run_pos "$bin/pos" --generate-completion-script zsh > "$stage/usr/share/zsh/vendor-completions/_pos"
run_pos "$bin/pos" --generate-completion-script fish > "$stage/usr/share/fish/vendor_completions.d/pos.fish"

# 6. /usr/share/doc/pos: the changelog of a native package (changelog.gz, Debian policy 12.7) and the copyright file,
#    which names every package whose code is linked into pos (found from the objects of the link) with its license.
doc="$stage/usr/share/doc/pos"
install -d "$doc"
{
    echo "pos ($version) unstable; urgency=medium"
    echo
    echo "  * Package of pos $version, built from commit $commit."
    echo
    echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$doc/changelog.gz"
/usr/bin/python3 scripts/deb-copyright.py "$bin" "$root" "$maintainer" > "$doc/copyright"

# 7. The one lintian error that is a fact of the build and not of the package: swift-nio-extras vendors zlib into
#    NIOHTTPCompression (which AsyncHTTPClient and Networking use to decompress responses), with its symbols renamed,
#    so it cannot be swapped for Debian's libz. The override says so to anyone reading lintian's output.
install -d "$stage/usr/share/lintian/overrides"
cat > "$stage/usr/share/lintian/overrides/pos" <<'EOF'
# swift-nio-extras vendors zlib (symbols prefixed cnioextras_z_) in NIOHTTPCompression, which AsyncHTTPClient and
# pos's Networking use to decompress HTTP responses; it is linked in statically like all of pos's Swift code and is
# updated with swift-nio-extras. No build option links Debian's libz instead.
embedded-library zlib [usr/bin/pos]
EOF

# 8. Depends: the Debian packages of the shared libraries pos links, as dpkg-shlibdeps computes them.
mkdir -p "$scratch/shlibs/debian"
printf 'Source: pos\n\nPackage: pos\nArchitecture: any\n' > "$scratch/shlibs/debian/control"
shlibs=$(cd "$scratch/shlibs" && dpkg-shlibdeps -O -e"$stage/usr/bin/pos" 2>"$scratch/shlibs.log") ||
    { cat "$scratch/shlibs.log" >&2; die "dpkg-shlibdeps failed"; }
sed 's/^/  /' "$scratch/shlibs.log" >&2
depends=$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibs")
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"
step "Depends: $depends"

find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -path "$stage/DEBIAN" -prune -o -type f ! -path "$stage/usr/bin/*" -exec chmod 0644 {} +
installed_size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<EOF
Package: pos
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Suggests: chromium
Section: misc
Priority: optional
Description: point of sale for WooCommerce stores, on the Linux console
 pos is the till of a shop that sells through WooCommerce: a full-screen counter
 on a terminal or the console (search, barcode scanners, cash, card terminals
 over USB or the LAN, receipts through CUPS, shifts and reports) and a command
 line for the same tasks. Every sale is recorded locally first and synced to
 the store later, so the counter keeps selling while the website is down.
 .
 With nothing configured it opens a bundled demo store. The package includes
 udev rules for the supported card terminals, a systemd unit that runs the
 counter as a kiosk on tty1, and units for a customer display on a second
 monitor (a local web page the till serves, opened by Chromium in kiosk mode);
 none of them enabled.
EOF
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb="$out/$name.deb"
dpkg-deb --build --root-owner-group "$stage" "$deb" >&2
step "$(du -h "$deb" | cut -f1) package, $(du -h "$stage/usr/bin/pos" | cut -f1) binary (unstripped: $(du -h "$bin/pos" | cut -f1))"
echo "$deb"
