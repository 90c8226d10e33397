#!/usr/bin/env bash
# Holds `pos` to the one exit-code table (ExitStatus in Sources/pos/Support/ExitStatus.swift, printed by
# `pos --help`, kept in docs/operations.md): every exit goes through a named code. Fails, naming each line, where
# Sources/pos makes an exit status from a raw number or from swift-argument-parser's own constants:
#   ExitCode(…)            outside ExitStatus.swift and SyncExitStatus.swift (the table and `pos sync`'s own)
#   exit(0…9…)             a literal status (Foundation.exit / Glibc.exit / exit)
#   ExitCode.success|failure|validationFailure, throw ExitCode.…, `.failure` as an ExitCode
# ArgumentParser's own exits (ValidationError, unknown options: 64) and POSCommand.exitLocalized, which passes
# the parser's code through, are the table's 64 and 0 already.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
report() { echo "check-exit-codes: $1"; status=1; }

while IFS= read -r hit; do
    report "$hit: an ExitCode made from a number; use ExitStatus.<name>.exitCode"
done < <(grep -rnE '\bExitCode\(' Sources/pos --include='*.swift' \
            | grep -vE '^Sources/pos/(Support/ExitStatus|Commands/SyncExitStatus)\.swift:' \
            | grep -vE '^[^:]+:[0-9]+:\s*///' || true)

while IFS= read -r hit; do
    report "$hit: a literal exit status; throw ExitStatus.<name>.exitCode"
done < <(grep -rnE '\b(Foundation\.|Glibc\.)?exit\(\s*-?[0-9]' Sources/pos --include='*.swift' || true)

while IFS= read -r hit; do
    report "$hit: swift-argument-parser's constant; use the table's ExitStatus.<name>.exitCode"
done < <(grep -rnE '\bExitCode\.(success|failure|validationFailure)\b|throw\s+ExitCode\.' Sources/pos --include='*.swift' || true)

# Every code the table names is documented, and nothing else: the table's cases are the only Int32 literals.
table=$(grep -oE 'case [a-zA-Z]+ = [0-9]+' Sources/pos/Support/ExitStatus.swift | awk '{print $4}' | sort -n | tr '\n' ' ')
docs=$(sed -n '/^## Exit codes/,/^## /p' docs/operations.md | grep -oE '^\| [0-9]+ \|' | tr -dc '0-9\n' | sort -n | tr '\n' ' ')
[ "$table" = "$docs" ] || report "ExitStatus has codes [$table] but docs/operations.md lists [$docs]"

[ $status -eq 0 ] && echo "check-exit-codes: every exit in Sources/pos uses the table's named codes ($table)"
exit $status
