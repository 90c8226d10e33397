#!/usr/bin/env bash
# Captures every screen of the counter in tmux, at 80×24 and 120×35 (and the "too small" screen at 60×20), into
# docs/counter-screens.md between the "captures" markers (docs/counter.md, the cashier's guide, links to them). One
# command regenerates them after a screen changed:
#
#   swift build && scripts/capture-screens.sh          # rewrite docs/counter-screens.md
#   scripts/capture-screens.sh --check                 # exit 1 when docs/counter-screens.md differs from the code's screens
#
# The demo store on a fresh data directory, one cash sale made with `pos sell` first, TZ=UTC, no CUPS. Each
# capture waits for the counter's frame log (POS_COUNTER_FRAME_LOG, a FIFO), never for a fixed time. Times are
# replaced by placeholders (so are the demo TSE's serial and public key) and the data directory is always /tmp/pos-capture-screens/COLUMNSxROWS, so the
# captures do not change from run to run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
pos=${POS_BINARY:-$root/.build/debug/pos}
doc=$root/docs/counter-screens.md
mode=${1:-write}
begin='<!-- captures:begin (scripts/capture-screens.sh writes this section; do not edit it by hand) -->'
end='<!-- captures:end -->'

# A fixed place, so the data directory's path on screen (Printers, Receipt) is the same in every run; a lock keeps
# two runs (a person's and the test's) apart.
work=/tmp/pos-capture-screens
exec 9>/tmp/pos-capture-screens.lock
flock 9
rm -rf "$work"
mkdir -p "$work"
sock="pos-capture-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

out=$work/captures.md
data=""
needs_status=1
# What the status line says once it has loaded (the demo's kept sales), and the counter's language.
loaded="kept here"
counter_lang=C.UTF-8
variant=""

tmuxc() { tmux -L "$sock" -f /dev/null "$@"; }

# Waits for the next frame line that contains every argument (20 s at most, then fails).
wait_frame() {
    local line ok part
    while IFS= read -r -t 20 line <&3; do
        ok=1
        for part in "$@"; do [[ $line == *"$part"* ]] || ok=0; done
        if [[ $ok == 1 ]]; then return 0; fi
    done
    echo "capture-screens: no frame with: $*" >&2
    exit 1
}

# The pane's text once it contains $1: tmux may not have read the counter's last bytes when the frame is logged,
# and some facts (the cart's tax, the status line's count) arrive a frame or two later. Each try is a round trip
# to the tmux server; no fixed sleeps.
pane() {
    local text attempt
    for attempt in $(seq 1 1000); do
        text=$(tmuxc capture-pane -p -t pos)
        # (The status line has loaded once it says how many sales the demo keeps.)
        if [[ $text == *"$1"* && ( $needs_status == 0 || $text == *"$loaded"* ) ]]; then break; fi
    done
    printf '%s\n' "$text" | sed -e 's/ *$//' \
        -e 's/[0-9]\{4\}-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]/YYYY-MM-DD hh:mm/g' \
        -e 's/[0-9][0-9]\.[0-9][0-9]\.[0-9]\{4\} [0-9][0-9]:[0-9][0-9]/DD.MM.YYYY hh:mm/g' \
        -e 's/[0-9][0-9]:[0-9][0-9]:[0-9][0-9]/hh:mm:ss/g' \
        -e 's/^  Serial: [0-9a-f]\{64\}$/  Serial: <the TSE key'"'"'s SHA-256, new in each data directory>/' \
        | awk '/^  Public key:$/ { print; key = 1; next }
               key && /^  [A-Za-z0-9+\/=]+$/ { print "  <the TSE'"'"'s public key, base64>"; next }
               { key = 0; print }'
}

# Appends one capture: shot TITLE SIZE EXPECTED-TEXT
shot() {
    {
        printf '#### %s (%s)\n\n```text\n' "$1" "$2"
        pane "$3"
        printf '```\n\n'
    } >>"$out"
}

# Starts the counter in a COLUMNS×ROWS window on a fresh demo data directory with one sale.
start() {
    local columns=$1 rows=$2
    data=$work/${columns}x${rows}${variant}
    # The demo store is made in the counter's language, so it is made with it.
    LANG=$counter_lang LC_ALL= LC_MESSAGES= "$pos" --data-dir "$data" >/dev/null
    LANG=$counter_lang LC_ALL= LC_MESSAGES= "$pos" sell --data-dir "$data" --item BAK-PAC --pay cash >/dev/null
    mkfifo "$data/frames.fifo"
    tmuxc new-session -d -x "$columns" -y "$rows" -s pos \
        "env TZ=UTC LANG=$counter_lang LC_ALL= LC_MESSAGES= POS_COUNTER_FRAME_LOG=$data/frames.fifo CUPS_SERVER=$data/no-cups.sock $pos --data-dir $data"
    exec 3<"$data/frames.fifo"
}

stop() {
    exec 3<&-
    tmuxc kill-server 2>/dev/null || true
}

capture_size() {
    local size="$1×$2"
    start "$1" "$2"
    wait_frame screen=sell
    shot "Sell, empty cart" "$size" "1 sale kept here"
    tmuxc send-keys -t pos -l $'4006381334006\r'
    wait_frame screen=sell lines=1
    shot "Sell, one item" "$size" "incl. tax 0,14"
    tmuxc send-keys -t pos F6
    wait_frame screen=sell prompt=true
    tmuxc send-keys -t pos -l erika
    wait_frame screen=sell results=1
    shot "F6: find a customer (offline)" "$size" "Erika Mustermann"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell prompt=false
    tmuxc send-keys -t pos C-r
    wait_frame screen=sell preview=yes
    shot "^R: receipt preview before payment" "$size" "PREVIEW - NOT PAID"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell preview=no
    tmuxc send-keys -t pos F1
    wait_frame overlay=help
    shot "F1: the keys of the current screen" "$size" "Any key closes"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell
    tmuxc send-keys -t pos F12
    wait_frame screen=pay
    shot "Pay cash" "$size" "Pay"
    tmuxc send-keys -t pos -l 5
    tmuxc send-keys -t pos Enter
    wait_frame screen=receipt
    shot "Receipt" "$size" "2 sales kept here"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell lines=0
    tmuxc send-keys -t pos F9
    wait_frame screen=orders orders=2
    shot "Orders" "$size" "Tender"
    tmuxc send-keys -t pos F7 Enter
    wait_frame screen=orders
    shot "Orders: a refund asks first" "$size" "Enter: refund"
    tmuxc send-keys -t pos Escape
    wait_frame screen=orders
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell
    tmuxc send-keys -t pos F8
    wait_frame screen=shift
    shot "Shift" "$size" "No shift open"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell
    tmuxc send-keys -t pos F7
    wait_frame screen=menu
    shot "Menu (F7)" "$size" "Back office"
    local key name expect
    # (Each expected text is on the screen's last row to be drawn: settings show "…" until they load, and tmux
    # may hold a frame's last rows back a moment after its first.)
    for entry in "1:sync:nothing to sync" "2:printers:again from the order" "3:settings:the store's site language" "4:login:Site URL"; do
        IFS=: read -r key name expect <<<"$entry"
        tmuxc send-keys -t pos -l "$key"
        wait_frame "screen=$name"
        shot "Menu → ${name^}" "$size" "$expect"
        tmuxc send-keys -t pos Escape
        wait_frame screen=menu
    done
    tmuxc send-keys -t pos -l 5
    wait_frame screen=readers
    shot "Menu → Card readers" "$size" "No unresolved card attempts"
    tmuxc send-keys -t pos Escape
    wait_frame screen=menu
    # The cashiers, the register and the TSE at the counter.
    for entry in "7:cashiers:Cashiers:Add a manager first" "8:register:Register:TSE client" "9:fiscal:TSE:Serial:"; do
        IFS=: read -r key name title expect <<<"$entry"
        tmuxc send-keys -t pos -l "$key"
        wait_frame "screen=$name"
        shot "Menu → $title" "$size" "$expect"
        tmuxc send-keys -t pos Escape
        wait_frame screen=menu
    done
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell
    tmuxc send-keys -t pos -l $'4006381334006\r'
    wait_frame screen=sell lines=1
    pane "incl. tax 0,14" >/dev/null
    tmuxc send-keys -t pos C-q
    wait_frame overlay=quit
    shot "Ctrl-Q with a cart asks first" "$size" "stay and finish"
    tmuxc send-keys -t pos Enter
    stop
}

capture_too_small() {
    needs_status=0
    start 60 20
    wait_frame screen=too-small
    shot "Below 80×24" "60×20" "Ctrl-Q quits"
    tmuxc send-keys -t pos C-q
    stop
}

# The demo counter in German (LANG=de_DE.UTF-8) through a cash sale, a card sale on the simulated terminal
# (sim://) and a shift close, at 80×24.
capture_german() {
    local size="80×24"
    counter_lang=de_DE.UTF-8
    variant=-de
    loaded="hier gespeichert"
    printf '### In German (LANG=de_DE.UTF-8)\n\n' >>"$out"
    start 80 24
    wait_frame screen=sell
    shot "Verkauf, leerer Warenkorb" "$size" "1 Verkauf hier gespeichert"
    tmuxc send-keys -t pos -l $'4006381334006\r'
    wait_frame screen=sell lines=1
    shot "Verkauf, ein Artikel" "$size" "inkl. MwSt. 0,14"
    tmuxc send-keys -t pos F1
    wait_frame overlay=help
    shot "F1: die Tasten des Bildschirms" "$size" "Jede Taste schließt"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell
    tmuxc send-keys -t pos F12
    wait_frame screen=pay
    shot "Bar bezahlen" "$size" "Barzahlung"
    tmuxc send-keys -t pos -l 5
    tmuxc send-keys -t pos Enter
    wait_frame screen=receipt
    shot "Beleg nach der Barzahlung" "$size" "2 Verkäufe hier gespeichert"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell lines=0
    tmuxc send-keys -t pos -l $'4006381334006\r'
    wait_frame screen=sell lines=1
    tmuxc send-keys -t pos F11
    wait_frame screen=receipt
    shot "Beleg nach der Kartenzahlung" "$size" "3 Verkäufe hier gespeichert"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell lines=0
    tmuxc send-keys -t pos F8
    wait_frame screen=shift state=open
    shot "Schicht offen" "$size" "laufende Summen"
    tmuxc send-keys -t pos F5
    wait_frame screen=shift prompt=true
    tmuxc send-keys -t pos -l 4,20
    tmuxc send-keys -t pos Enter
    wait_frame screen=shift state=closed
    shot "Schicht geschlossen: Z-Bericht" "$size" "Z-Bericht"
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell
    tmuxc send-keys -t pos C-q
    stop
    counter_lang=C.UTF-8
    variant=""
    loaded="kept here"
}

# The Z report of a shift with two cashiers (Ann cash, Bob card on the simulated terminal) and the
# terminal's end of day, closed at the counter at 80×24: the first page, then End to its last row.
capture_zreport() {
    local size="80×24"
    data=$work/zreport
    "$pos" --data-dir "$data" >/dev/null
    echo 2468 | "$pos" cashier add Ann --role manager --data-dir "$data" >/dev/null
    printf '2468\n1357\n' | "$pos" cashier add Bob --manager Ann --data-dir "$data" >/dev/null
    echo 2468 | "$pos" cashier sign-in Ann --data-dir "$data" >/dev/null
    "$pos" shift open --float 100 --data-dir "$data" >/dev/null
    "$pos" sell --data-dir "$data" --item BAK-PAC --pay cash >/dev/null
    echo 1357 | "$pos" cashier sign-in Bob --data-dir "$data" >/dev/null
    "$pos" sell --data-dir "$data" --item BAK-PAC --pay card >/dev/null 2>&1
    mkfifo "$data/frames.fifo"
    tmuxc new-session -d -x 80 -y 24 -s pos \
        "env TZ=UTC LANG=C.UTF-8 LC_ALL= LC_MESSAGES= POS_COUNTER_FRAME_LOG=$data/frames.fifo CUPS_SERVER=$data/no-cups.sock $pos --data-dir $data"
    exec 3<"$data/frames.fifo"
    # A restart with Bob signed in starts locked, at his PIN.
    wait_frame gate=idle cashier=Bob
    # (Digit by digit, each seen: typed as fast as tmux sends them, they would be a scanner's burst, which a PIN
    # prompt ignores.)
    local digit typed=0
    for digit in 1 3 5 7; do
        tmuxc send-keys -t pos -l "$digit"
        typed=$((typed + 1))
        wait_frame "pinTyped=$typed"
    done
    tmuxc send-keys -t pos Enter
    wait_frame screen=sell gate=open
    tmuxc send-keys -t pos F8
    wait_frame screen=shift state=open
    tmuxc send-keys -t pos F5
    wait_frame screen=shift prompt=true
    tmuxc send-keys -t pos -l 102,20
    tmuxc send-keys -t pos Enter
    wait_frame screen=shift state=closed atEnd=false
    shot "Z report of two cashiers and the terminal at 80×24, first page" "$size" "Expected cash"
    tmuxc send-keys -t pos End
    wait_frame screen=shift state=closed atEnd=true
    shot "The same Z report after End: its last rows" "$size" "matches"
    tmuxc send-keys -t pos C-e
    wait_frame screen=shift overlay=message
    shot "^E: the message the line cut, whole" "$size" "Any key closes the message"
    tmuxc send-keys -t pos Escape
    wait_frame screen=shift state=closed
    tmuxc send-keys -t pos Escape
    wait_frame screen=sell
    tmuxc send-keys -t pos C-q
    stop
}

capture_size 80 24
capture_zreport
capture_size 120 35
capture_too_small
capture_german

# The new section, then docs/counter-screens.md with the section replaced (or appended under its own heading).
section=$work/section.md
{
    echo "$begin"
    echo
    cat "$out"
    echo "$end"
} >"$section"

updated=$work/counter-screens.md
if grep -qF "$begin" "$doc"; then
    awk -v begin="$begin" -v end="$end" -v section="$section" '
        $0 == begin { while ((getline line < section) > 0) print line; skipping = 1; next }
        $0 == end { skipping = 0; next }
        !skipping { print }
    ' "$doc" >"$updated"
else
    { cat "$doc"; printf '\n## Screen captures\n\nEvery screen of the demo counter, as `scripts/capture-screens.sh` captured it in tmux.\n\n'; cat "$section"; } >"$updated"
fi

if [[ $mode == --check ]]; then
    if ! diff -u "$doc" "$updated"; then
        echo "capture-screens: docs/counter-screens.md differs from the screens the code draws; run scripts/capture-screens.sh" >&2
        exit 1
    fi
    echo "capture-screens: docs/counter-screens.md matches the code's screens"
else
    cp "$updated" "$doc"
    echo "capture-screens: wrote $(grep -c '^#### ' "$section") captures into docs/counter-screens.md"
fi
