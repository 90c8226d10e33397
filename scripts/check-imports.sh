#!/usr/bin/env bash
# Proves the module import graph of docs/architecture.md (and ../shared/DESIGN.md): every `import` of one of
# our modules in Sources/<Module> must be in that module's allowed list, and every import of every target (tests
# too) must be declared by that target in Package.swift. Exits 1 and names each violation.
set -euo pipefail
cd "$(dirname "$0")/.."

# Our modules, and C targets, that the rules speak of. Third-party and system modules are free, except GRDB.
ours="POSFoundation Localization Networking Storage Hardware HardwareLinux Yosemite Counter TerminalSimulator WooTestServer TSESimulator FiskalyTestServer Composition CustomerDisplayWeb
POSFoundationTestSupport HardwareTestSupport YosemiteTestSupport ReceiptTemplates CLibUSB CUdev CCups CNcurses CSQLiteConfig CLibCrypto GRDB"

allowed() {
    case "$1" in
        POSFoundation) echo "" ;;
        Localization) echo "" ;;  # the string catalog: Foundation only
        Networking) echo "POSFoundation Localization" ;;
        Storage) echo "POSFoundation Localization GRDB CSQLiteConfig" ;;
        Hardware) echo "POSFoundation Localization" ;;
        HardwareLinux) echo "POSFoundation Hardware CLibUSB CUdev CCups" ;;
        Yosemite) echo "POSFoundation Networking Storage Hardware ReceiptTemplates Localization CLibCrypto" ;;
        Counter) echo "POSFoundation Yosemite Localization CNcurses" ;;
        TerminalSimulator) echo "POSFoundation Hardware" ;;
        TSESimulator) echo "POSFoundation Yosemite CLibCrypto" ;;
        FiskalyTestServer) echo "TSESimulator WooTestServer" ;;
        WooTestServer) echo "" ;;
        Receipts) echo "" ;;  # the ReceiptTemplates target (bundled receipt templates)
        woo-test-server) echo "WooTestServer" ;;
        POSFoundationTestSupport) echo "POSFoundation" ;;
        HardwareTestSupport) echo "POSFoundation Hardware" ;;
        YosemiteTestSupport) echo "POSFoundation POSFoundationTestSupport Networking Storage Hardware Yosemite WooTestServer" ;;
        Composition) echo "POSFoundation Networking Storage Hardware HardwareLinux Yosemite TerminalSimulator TSESimulator Localization" ;;
        CustomerDisplayWeb) echo "POSFoundation Hardware Yosemite Localization" ;;  # the web customer display (HummingbirdCore)
        pos) echo "POSFoundation Networking Storage Hardware HardwareLinux Yosemite Counter TerminalSimulator TSESimulator Composition Localization CustomerDisplayWeb" ;;
        pos-bench) echo "POSFoundation Networking Storage Hardware HardwareLinux Yosemite Counter TerminalSimulator Composition" ;;
        *) echo "UNKNOWN" ;;
    esac
}

status=0
checked=0
for dir in Sources/*/ Receipts/; do
    module=$(basename "$dir")
    case "$module" in CLibUSB|CUdev|CCups|CNcurses|CSQLiteConfig|CLibCrypto) continue ;; esac
    allow=$(allowed "$module")
    if [ "$allow" = "UNKNOWN" ]; then
        echo "check-imports: Sources/$module has no rule; add it to scripts/check-imports.sh and docs/architecture.md"
        status=1
        continue
    fi
    # One grep and one sed per module ("file<TAB>module" per import line): a subprocess per line took a minute.
    while IFS=$'\t' read -r file imported; do
        checked=$((checked + 1))
        case " $ours " in *[[:space:]]"$imported"[[:space:]]*) ;; *) continue ;; esac
        case " $allow " in
            *[[:space:]]"$imported"[[:space:]]*) ;;
            *) echo "check-imports: $file imports $imported, which $module may not import (allowed: ${allow:-nothing of ours})"; status=1 ;;
        esac
    done < <( (grep -rnE '^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|internal|package|private|fileprivate)[[:space:]]+)?import[[:space:]]' "$dir" --include='*.swift' || true) |
        sed -E 's/^([^:]*):[0-9]+:[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|internal|package|private|fileprivate)[[:space:]]+)?import[[:space:]]+(struct |class |enum |protocol |func |var |typealias )?([A-Za-z_][A-Za-z0-9_]*).*/\1\t\7/')
done
# No GRDB above Storage, not even through `AppDatabase`'s raw closures: Yosemite and Counter reach the database
# only through Storage's named reads and writes (a `db` closure, the `Database` type, `performAndSave` or SQL text).
while IFS= read -r hit; do
    echo "check-imports: $hit: GRDB's database used above Storage; add a named operation to Storage instead"
    status=1
done < <(grep -rnE '\bdb (->[^{]*)?in\b|\bDatabase\b|performAndSave|[.]read[[:space:]]*[({][[:space:]]*db\b|sql:' \
    Sources/Yosemite Sources/Counter --include='*.swift' || true)

# Every import of every target (sources, tests, fuzz targets) is a dependency that target declares in Package.swift,
# or a module of the toolchain. An import of a module the target reaches only transitively builds here, where
# .build already holds that module, and fails on a fresh clone ("no such module"), where the build order differs.
# The declared dependencies come from the evaluated manifest (POS_FUZZ=1 so the fuzz targets are in it), read in a
# scratch folder of its own so a running `swift build` or `swift test` (which runs this script) never blocks it.
# A product counts as the module of the same name, which holds for every product this package uses.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if ! POS_FUZZ=1 swift package --scratch-path "$scratch/build" dump-package >"$scratch/manifest.json" 2>"$scratch/stderr"; then
    echo "check-imports: \`swift package dump-package\` failed, so the declared dependencies are unknown:"
    cat "$scratch/stderr"
    exit 1
fi
python3 - "$scratch/manifest.json" <<'PYTHON' || status=1
import json, os, re, sys

# The toolchain's modules: no target declares them.
SYSTEM = set("""Foundation FoundationEssentials FoundationInternationalization FoundationNetworking FoundationXML
    CoreFoundation Glibc Musl Bionic Android Darwin WinSDK ucrt Dispatch Synchronization Observation Distributed
    RegexBuilder Swift _Concurrency _StringProcessing Testing XCTest os""".split())
DEFAULT_ROOT = {"test": "Tests", "regular": "Sources", "executable": "Sources", "system": "Sources", "macro": "Sources",
                "plugin": "Plugins"}
# Comments and string literals (multi-line, raw, single-line), skipped so that a quoted `import sqlite3` (a Python
# script a test runs) or a commented-out import is not taken for an import.
SKIP = re.compile(r'//[^\n]*|/\*.*?\*/|(#*)"""(?:.|\n)*?"""\1|(#+)"(?:[^"\n]|"(?!\2))*"\2|"(?:\\.|[^"\\\n])*"', re.S)
IMPORT = re.compile(r'^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|internal|package|private|fileprivate)[ \t]+)?'
                    r'import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?([A-Za-z_]\w*)', re.M)

def blank(match):
    # Keep the newlines so that line numbers stay right.
    return re.sub(r'[^\n]', ' ', match.group(0))

manifest = json.load(open(sys.argv[1]))
failures, imports, targets = [], 0, 0
for target in manifest["targets"]:
    if target["type"] in ("system", "binary"):
        continue
    targets += 1
    declared = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    root = target.get("path") or os.path.join(DEFAULT_ROOT[target["type"]], target["name"])
    excluded = [os.path.normpath(os.path.join(root, e)) for e in target.get("exclude", [])]
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if os.path.join(folder, d) not in excluded)
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not name.endswith(".swift") or path in excluded:
                continue
            text = SKIP.sub(blank, open(path, encoding="utf-8").read())
            for match in IMPORT.finditer(text):
                imports += 1
                module = match.group(1)
                if module in declared or module in SYSTEM or module == target["name"]:
                    continue
                line = text.count("\n", 0, match.start(1)) + 1
                failures.append(f"check-imports: target {target['name']}: {path}:{line} imports {module}, which "
                                f"the target does not declare in Package.swift; add it to {target['name']}'s dependencies")
for failure in failures:
    print(failure)
if failures:
    sys.exit(1)
print(f"check-imports: every import is declared in Package.swift ({targets} targets, {imports} imports)")
PYTHON

if [ $status -eq 0 ]; then
    echo "check-imports: the module graph holds ($checked import lines checked)"
fi
exit $status
