#!/usr/bin/env bash
# Proves the module import graph of docs/architecture.md (and ../shared/DESIGN.md): every `import` of one of
# our modules in Sources/<Module> must be in that module's allowed list. Exits 1 and names each violation.
set -euo pipefail
cd "$(dirname "$0")/.."

# Our modules, and C targets, that the rules speak of. Third-party and system modules are free, except GRDB.
ours="POSFoundation Localization Networking Storage Hardware HardwareLinux Yosemite Counter TerminalSimulator WooTestServer TSESimulator FiskalyTestServer Composition
POSFoundationTestSupport HardwareTestSupport YosemiteTestSupport ReceiptTemplates CLibUSB CUdev CCups CNcurses CSQLiteConfig GRDB"

allowed() {
    case "$1" in
        POSFoundation) echo "" ;;
        Localization) echo "" ;;  # the string catalog: Foundation only
        Networking) echo "POSFoundation Localization" ;;
        Storage) echo "POSFoundation Localization GRDB CSQLiteConfig" ;;
        Hardware) echo "POSFoundation Localization" ;;
        HardwareLinux) echo "POSFoundation Hardware CLibUSB CUdev CCups" ;;
        Yosemite) echo "POSFoundation Networking Storage Hardware ReceiptTemplates Localization" ;;
        Counter) echo "POSFoundation Yosemite Localization CNcurses" ;;
        TerminalSimulator) echo "POSFoundation Hardware" ;;
        TSESimulator) echo "POSFoundation Yosemite" ;;
        FiskalyTestServer) echo "TSESimulator WooTestServer" ;;
        WooTestServer) echo "" ;;
        Receipts) echo "" ;;  # the ReceiptTemplates target (bundled receipt templates)
        woo-test-server) echo "WooTestServer" ;;
        POSFoundationTestSupport) echo "POSFoundation" ;;
        HardwareTestSupport) echo "POSFoundation Hardware" ;;
        YosemiteTestSupport) echo "POSFoundation POSFoundationTestSupport Networking Storage Hardware Yosemite WooTestServer" ;;
        Composition) echo "POSFoundation Networking Storage Hardware HardwareLinux Yosemite TerminalSimulator TSESimulator Localization" ;;
        pos) echo "POSFoundation Networking Storage Hardware HardwareLinux Yosemite Counter TerminalSimulator TSESimulator Composition Localization" ;;
        pos-bench) echo "POSFoundation Networking Storage Hardware HardwareLinux Yosemite Counter TerminalSimulator Composition" ;;
        *) echo "UNKNOWN" ;;
    esac
}

status=0
checked=0
for dir in Sources/*/ Receipts/; do
    module=$(basename "$dir")
    case "$module" in CLibUSB|CUdev|CCups|CNcurses|CSQLiteConfig) continue ;; esac
    allow=$(allowed "$module")
    if [ "$allow" = "UNKNOWN" ]; then
        echo "check-imports: Sources/$module has no rule; add it to scripts/check-imports.sh and docs/architecture.md"
        status=1
        continue
    fi
    while IFS= read -r line; do
        file=${line%%:*}
        imported=$(sed -E 's/^[^:]*:[0-9]+:[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|internal|package|private|fileprivate)[[:space:]]+)?import[[:space:]]+(struct |class |enum |protocol |func |var |typealias )?([A-Za-z_][A-Za-z0-9_]*).*/\6/' <<<"$line")
        checked=$((checked + 1))
        case " $ours " in *[[:space:]]"$imported"[[:space:]]*) ;; *) continue ;; esac
        case " $allow " in
            *[[:space:]]"$imported"[[:space:]]*) ;;
            *) echo "check-imports: $file imports $imported, which $module may not import (allowed: ${allow:-nothing of ours})"; status=1 ;;
        esac
    done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|internal|package|private|fileprivate)[[:space:]]+)?import[[:space:]]' "$dir" --include='*.swift' || true)
done
# No GRDB above Storage, not even through `AppDatabase`'s raw closures: Yosemite and Counter reach the database
# only through Storage's named reads and writes (a `db` closure, the `Database` type, `performAndSave` or SQL text).
while IFS= read -r hit; do
    echo "check-imports: $hit: GRDB's database used above Storage; add a named operation to Storage instead"
    status=1
done < <(grep -rnE '\bdb (->[^{]*)?in\b|\bDatabase\b|performAndSave|[.]read[[:space:]]*[({][[:space:]]*db\b|sql:' \
    Sources/Yosemite Sources/Counter --include='*.swift' || true)
if [ $status -eq 0 ]; then
    echo "check-imports: the module graph holds ($checked import lines checked)"
fi
exit $status
