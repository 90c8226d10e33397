#!/usr/bin/env bash
# Builds a libFuzzer target and runs it on its seed corpus for a time (or a number of executions).
#
#   scripts/fuzz.sh TARGET SECONDS [RUNS]   # TARGET: see TARGETS below; stop after SECONDS or RUNS executions
#   scripts/fuzz.sh all SECONDS [RUNS]      # each target in turn
#   scripts/fuzz.sh TARGET replay FILE      # run one input (a crash under Fuzz/crashes/) once
#   FUZZ_MODE=fast scripts/fuzz.sh ...      # throughput mode (below)
#   FUZZ_NO_BUILD=1 scripts/fuzz.sh ...     # run the binary as it is built
#   FUZZ_JOBS=2 scripts/fuzz.sh ...         # two processes side by side on one corpus (each picks up the other's
#                                           # finds), executions summed; RUNS is per process. Not libFuzzer's -fork:
#                                           # its short jobs re-run their seeds and fuzzed at 420 a second against
#                                           # 710 for two plain processes (FuzzReceipt)
#
# The targets exist only with POS_FUZZ=1 (Package.swift), so the normal build never sees them. Two modes:
#   FUZZ_MODE=asan (default): .build-fuzz, -sanitize=fuzzer,address. Catches Swift's own traps (overflow, bounds,
#     force unwraps, preconditions, the targets' invariants) and memory errors in C and unsafe-pointer code
#     (SQLite, the ZVT/ESC-POS buffers). Two to five times slower.
#   FUZZ_MODE=fast: .build-fuzz-fast, -sanitize=fuzzer only (coverage, no ASan). Catches the same Swift traps and
#     invariants, not memory errors that do not trap; for the 10^7-execution runs.
#   FUZZ_MODE=debug: the normal debug build directory (.build, incremental), -sanitize=fuzzer on the fuzz targets
#     only (POS_FUZZ_HARNESS_ONLY=1): no cold build, but coverage comes from the harness alone, the code under
#     test is not instrumented, and it is a debug build. Smoke runs when no fuzz build is at hand.
# Seeds: Fuzz/corpus/TARGET/ (committed). New corpus entries go to SCRATCH/corpus/TARGET/. A crash is kept under
# Fuzz/crashes/TARGET/ and the script exits 1. The machine has two cores: run at most two of these at once.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(FuzzZVT FuzzConcert FuzzMappers FuzzReceipt FuzzLayout FuzzInput FuzzScale FuzzPole FuzzLabel FuzzKeys
         FuzzFiskaly FuzzDSFinVK)
case "${FUZZ_MODE:-asan}" in
    asan) SCRATCH=.build-fuzz SANITIZE=fuzzer,address ;;
    fast) SCRATCH=.build-fuzz-fast SANITIZE=fuzzer ;;
    debug) SCRATCH=.build SANITIZE= ;;
    *) echo "FUZZ_MODE is asan, fast or debug" >&2; exit 2 ;;
esac
FUZZ_MODE_NAME=${FUZZ_MODE:-asan}

usage() {
    echo "usage: scripts/fuzz.sh TARGET|all SECONDS [RUNS]   (targets: ${TARGETS[*]})" >&2
    exit 2
}

build() {
    # FUZZ_NO_BUILD=1 runs the binary as built (e.g. while another build of the same scratch path holds its lock).
    [ "${FUZZ_NO_BUILD:-0}" = 1 ] && return 0
    if [ "$FUZZ_MODE_NAME" = debug ]; then
        POS_FUZZ=1 POS_FUZZ_HARNESS_ONLY=1 swift build --product "$1" >&2
        return
    fi
    POS_FUZZ=1 swift build -c release --scratch-path "$SCRATCH" -Xswiftc -sanitize="$SANITIZE" --product "$1" \
        2>&1 | grep -v "Cannot export local symbol '__asan" >&2
    [ "${PIPESTATUS[0]}" -eq 0 ]
}

binary() {
    if [ "$FUZZ_MODE_NAME" = debug ]; then echo "$SCRATCH/debug/$1"; else echo "$SCRATCH/release/$1"; fi
}

# Runs one target; prints a summary line; returns 1 on a crash.
run() {
    local target=$1 seconds=$2 runs=${3:-0}
    local seeds="Fuzz/corpus/$target" work="$SCRATCH/corpus/$target" crashes="Fuzz/crashes/$target"
    local log="$SCRATCH/logs/$target.log"
    mkdir -p "$seeds" "$work" "$crashes" "$(dirname "$log")"
    build "$target"
    if [ -d "Fuzz/regress/$target" ]; then
        # Slow inputs (a 10,000-line receipt) run once here rather than in the fuzzing loop.
        echo "fuzz: $target once on Fuzz/regress/$target" >&2
        if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0" POS_FUZZ_MANY_LINES=1 "$(binary "$target")" \
            -timeout=120 -artifact_prefix="$crashes/" Fuzz/regress/"$target"/* >"$log.regress" 2>&1; then
            grep -E 'invariant failed|Fatal error|SUMMARY' "$log.regress" | head -5 >&2 || true
            echo "$target: regress inputs crashed (log $log.regress)"
            return 1
        fi
    fi
    echo "fuzz: $target ($FUZZ_MODE_NAME) for ${seconds}s or $runs runs (log $log)" >&2
    local status=0 dict=()
    [ -f "Fuzz/dict/$target.dict" ] && dict=(-dict="Fuzz/dict/$target.dict")
    # Leak detection is off: the Swift runtime's metadata caches and Foundation's singletons read as leaks.
    # Swift's own backtracer is off: it reads the crashed process's stack in a way ASan reports as an underflow.
    # Inputs may grow to 16 KB (a ZVT or Concert stream of many frames, a day's export). FuzzReceipt's to 4 KB,
    # libFuzzer's own default: its corpus found its coverage with inputs under 700 bytes, and a 16 KB input is a
    # receipt of 16 KB of names, each execution slower by its length (the rate fell 710 → 650 a second in 20 minutes
    # as the limit grew past 1 KB), where every path of the composer and the layout is in reach of 4 KB.
    local max_len=16384
    [ "$target" = FuzzReceipt ] && max_len=4096
    local jobs=${FUZZ_JOBS:-1} job pids=()
    rm -f "$log".job*
    for (( job = 1; job <= jobs; job++ )); do
        # One log per process; a single process logs to $log itself.
        local joblog=$log
        [ "$jobs" -gt 1 ] && joblog=$log.job$job
        SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$(binary "$target")" \
            -max_total_time="$seconds" -runs="$(( runs > 0 ? runs : -1 ))" -print_final_stats=1 -timeout=20 -rss_limit_mb=4096 -max_len="$max_len" \
            -artifact_prefix="$crashes/" "${dict[@]}" "$work" "$seeds" >"$joblog" 2>&1 &
        pids+=($!)
    done
    # The first process to stop on a crash stops the others: one crash, one report.
    local pid
    for pid in "${pids[@]}"; do
        wait "$pid" && continue
        status=$?
        kill -INT "${pids[@]}" 2>/dev/null || true
    done
    [ "$jobs" -gt 1 ] && cat "$log".job* >"$log"
    summarize "$target" "$log" "$work" "$status"
    return $(( status == 0 ? 0 : 1 ))
}

summarize() {
    local target=$1 log=$2 work=$3 status=$4
    local execs rate cov ft corpus new seconds
    # Summed over the processes of a FUZZ_JOBS run (a single process prints each figure once).
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{ s += $1 } END { if (NR) print s }')
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | awk '{ s += $1 } END { if (NR) print s }')
    new=$(sed -n 's/^stat::new_units_added: *//p' "$log" | awk '{ s += $1 } END { if (NR) print s }')
    seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | sort -n | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    corpus=$(( $(find "Fuzz/corpus/$target" -type f | wc -l) + $(find "$work" -type f | wc -l) ))
    local crashes
    crashes=$(find "Fuzz/crashes/$target" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) 2>/dev/null | wc -l)
    printf '%s: mode=%s seconds=%s executions=%s exec/s=%s cov=%s ft=%s corpus=%s new=%s crashes=%s status=%s\n' \
        "$target" "$FUZZ_MODE_NAME" "${seconds:-?}" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$corpus" "${new:-?}" "$crashes" "$status"
    if [ "$status" -ne 0 ]; then
        grep -E 'ERROR: libFuzzer|invariant failed|Fatal error|SUMMARY|Test unit written' "$log" | head -8 >&2 || true
    fi
}

[ $# -ge 2 ] || usage
target=$1
if [ "$2" = replay ]; then
    [ $# -eq 3 ] || usage
    build "$target"
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0" exec "$(binary "$target")" "$3"
fi
seconds=$2 runs=${3:-0}
[[ "$seconds" =~ ^[0-9]+$ && "$runs" =~ ^[0-9]+$ ]] || usage

if [ "$target" = all ]; then
    failed=0
    for each in "${TARGETS[@]}"; do run "$each" "$seconds" "$runs" || failed=1; done
    exit "$failed"
fi
[[ " ${TARGETS[*]} " == *" $target "* ]] || usage
run "$target" "$seconds" "$runs"
