#!/usr/bin/env bash
# The Debian package's acceptance: builds pos_<version>_<arch>.deb with scripts/package-deb.sh (or takes the .deb given
# as the only argument), installs it with apt-get, runs the installed pos as a merchant's machine would (no toolchain
# on PATH, LD_LIBRARY_PATH empty, a scratch HOME, and this source tree hidden so that nothing is found through it),
# runs lintian, removes the package and checks that the merchant's data survives. Prints each step; exits non-zero on
# the first failure. Runs as root (apt-get install), as CI does; leaves the package removed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

step() { printf '\n== check-deb: %s\n' "$*"; }
fail() { printf 'check-deb: FAILED: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root: the check installs the package with apt-get"

tmp=$(mktemp -d /tmp/check-deb.XXXXXX)
chmod 0755 "$tmp"
trap 'status=$?; if [ $status -eq 0 ]; then rm -rf "$tmp"; else echo "check-deb: scratch files kept in $tmp" >&2; fi' EXIT

# 1. The package.
if [ $# -ge 1 ]; then
    deb=$(realpath "$1")
    step "using $deb"
else
    step "scripts/package-deb.sh"
    started=$(date +%s)
    deb=$(scripts/package-deb.sh | tail -n 1)
    echo "package-deb.sh took $(( $(date +%s) - started )) s"
fi
[ -f "$deb" ] || fail "no package at '$deb'"
version=$(dpkg-deb -f "$deb" Version)
ls -l "$deb"
dpkg-deb -f "$deb" Package Version Architecture Installed-Size Depends

# 2. Install it as a merchant would.
export DEBIAN_FRONTEND=noninteractive
apt=(apt-get -y -q -o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0)
if dpkg-query -W -f='${Status}' pos 2>/dev/null | grep -q 'install ok installed'; then
    step "removing the pos installed before this check"
    "${apt[@]}" remove pos
fi
step "apt-get install $(basename "$deb")"
"${apt[@]}" install "$deb"
[ -x /usr/bin/pos ] || fail "/usr/bin/pos is not installed"

# The installed pos runs in a clean environment: only /usr/bin and /bin on PATH (the toolchain lives elsewhere),
# LD_LIBRARY_PATH empty. Where a private mount namespace can be made, this source tree is covered with an empty
# tmpfs, so that the binary's last-resort lookup of resources in the tree it was built from finds nothing.
hide=()
if unshare --mount true 2>/dev/null; then
    hide=(unshare --mount sh -c 'mount -t tmpfs -o size=1m,mode=0755 pos-hidden "$0" && exec "$@"' "$root")
    echo "(the source tree $root is hidden from the installed pos)"
else
    echo "(cannot make a mount namespace here: the source tree stays visible to the installed pos)"
fi
clean() { "${hide[@]}" env -i PATH=/usr/bin:/bin HOME="$tmp/home" LD_LIBRARY_PATH= LANG=C.UTF-8 "$@"; }
mkdir -p "$tmp/home"

step "the toolchain is off PATH, and pos links no Swift runtime"
if clean sh -c 'for tool in swift swiftc; do command -v "$tool" && exit 0; done; exit 1'; then
    fail "the toolchain is on the clean PATH"
fi
echo "swift: not on PATH"
readelf -d /usr/bin/pos | grep NEEDED
if ldd /usr/bin/pos | grep -E 'not found|swift'; then fail "pos needs a library from outside Debian's packages"; fi

step "pos --version"
printed=$(clean pos --version)
echo "$printed"
[ "$printed" = "$version" ] || fail "pos --version printed '$printed', the package is $version"

step "pos status (a fresh data dir)"
english=$(clean pos status --data-dir "$tmp/status") || fail "pos status exited $?"
echo "$english"
german=$(clean env LANG=de_DE.UTF-8 pos status --data-dir "$tmp/status") || fail "pos status (German) exited $?"
echo "$german"
if grep -E '(^|[^a-z])cli\.[a-z]+\.' <<<"$english$german"; then fail "untranslated catalog keys: the catalog was not found"; fi
[ "$english" != "$german" ] || fail "German and English output are the same: the German catalog was not found"

step "man pos"
manual=$(clean env MANPAGER=cat MANWIDTH=80 man pos 2>&1) || fail "man pos exited $?: $manual"
head -n 12 <<<"$manual"
grep -q '^NAME' <<<"$manual" && grep -A1 '^NAME' <<<"$manual" | grep -q 'pos' || fail "man pos shows no NAME section for pos"
grep -q 'sell' <<<"$manual" || fail "man pos does not document the subcommands"

step "shell completions"
clean bash -c 'source /usr/share/bash-completion/completions/pos && complete -p pos'
for file in /usr/share/zsh/vendor-completions/_pos /usr/share/fish/vendor_completions.d/pos.fish; do
    [ -s "$file" ] || fail "$file is missing"
    echo "$file: $(wc -l < "$file") lines"
done

step "a cash sale in a fresh data dir"
shop="$tmp/shop"
clean pos sell --item BAK-PAC --pay cash --data-dir "$shop" || fail "pos sell exited $?"
receipt=$(clean pos receipt show 1 --data-dir "$shop") || fail "pos receipt show exited $?"
echo "$receipt"
grep -q 'TOTAL' <<<"$receipt" || fail "the receipt was not rendered from the templates"
if [ ${#hide[@]} -gt 0 ]; then
    # The negative control: with /usr/share/pos hidden too, the same receipt cannot be rendered (pos names the missing
    # templates, by their catalog key since the catalog is hidden as well), so the one above came from there.
    if missing=$(unshare --mount sh -c 'mount -t tmpfs -o size=1m pos-hidden "$0" &&
        mount -t tmpfs -o size=1m pos-hidden "$1" &&
        exec env -i PATH=/usr/bin:/bin HOME="$2/home" pos receipt show 1 --data-dir "$3"' \
        "$root" /usr/share/pos "$tmp" "$shop" 2>&1); then
        fail "pos rendered a receipt with /usr/share/pos hidden: it found templates somewhere else"
    fi
    grep -q 'templatesMissing' <<<"$missing" || fail "with /usr/share/pos hidden, pos receipt show failed otherwise: $missing"
    echo "(with /usr/share/pos hidden too: $(grep -m1 templatesMissing <<<"$missing"): the templates came from there)"
fi

step "lintian $(basename "$deb")"
if ! command -v lintian >/dev/null; then
    "${apt[@]}" install --no-install-recommends lintian ||
        fail "lintian is missing and apt-get could not install it (is Debian's archive reachable?)"
fi
lintian_status=0
lintian --display-info --fail-on error "$deb" || lintian_status=$?
[ $lintian_status -eq 0 ] || fail "lintian reported errors (exit $lintian_status)"
echo "lintian: no errors"

step "apt-get remove pos"
"${apt[@]}" remove pos
[ ! -e /usr/bin/pos ] || fail "/usr/bin/pos is still there after removal"
for database in "$shop/pos.sqlite" "$tmp/status/pos.sqlite"; do
    [ "$(head -c 15 "$database" 2>/dev/null)" = "SQLite format 3" ] || fail "$database is gone after the removal"
    echo "kept: $database ($(du -k "$database" | cut -f1) KiB, $(ls "$(dirname "$database")" | wc -l) files in its dir)"
done

printf '\ncheck-deb: all checks passed for %s\n' "$(basename "$deb")"
