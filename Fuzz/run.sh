#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer + AddressSanitizer and runs them.
#
#   Fuzz/run.sh                    every target for 60 s each
#   Fuzz/run.sh TARGET [SECONDS]   one target (FuzzRPCLine, FuzzRecognizer, FuzzTemplates, …)
#   Fuzz/run.sh all SECONDS        every target for SECONDS each
#   FUZZ_JOBS=2 Fuzz/run.sh …      parallel workers (2 cores here: run under nice -n 19)
#   FUZZ_ARTIFACTS=DIR Fuzz/run.sh  corpus growth, findings and logs under DIR (default Artifacts)
#
# Seeds: Corpora/TARGET (checked in) plus Artifacts/corpus/TARGET (what the runs learnt, kept
# between runs, not checked in). Crashes land in Artifacts/crashes/TARGET/crash-<sha1>; the script
# exits non-zero if any target crashed. Reproduce one with: .build/debug/TARGET CRASH_FILE
set -uo pipefail
cd "$(dirname "$0")"
target="${1:-all}"
seconds="${2:-60}"
jobs="${FUZZ_JOBS:-1}"
artifacts="${FUZZ_ARTIFACTS:-Artifacts}"
export SWIFT_BACKTRACE=enable=no          # else the Swift backtracer hangs instead of libFuzzer reporting
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
export COACH_INTENTS="$PWD/../Intents"

if [[ "$target" == all ]]; then
    targets=$(sed -n 's/.*executableTarget(name: "\(Fuzz[A-Za-z0-9]*\)".*/\1/p' Package.swift)
else
    targets="$target"
fi

# One product at a time: a plain `swift build` would also build Coach's own executables with
# -parse-as-library, which they are not written for.
for name in $targets; do
    swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product "$name" 2>&1 \
        | grep -vE "Cannot export local symbol|^\[[0-9]+/[0-9]+\]" || true
    [[ -x .build/debug/$name ]] || { echo "fuzz build of $name failed" >&2; exit 2; }
done

status=0
for name in $targets; do
    corpus="$artifacts/corpus/$name"
    crashes="$artifacts/crashes/$name"
    mkdir -p "$corpus" "$crashes"
    dict=()
    [[ -f "Dictionaries/$name.dict" ]] && dict=(-dict="Dictionaries/$name.dict")
    log="$artifacts/$name.log"
    echo "== $name: ${seconds}s"
    .build/debug/"$name" "$corpus" "Corpora/$name" "${dict[@]}" -max_total_time="$seconds" -max_len=65536 \
        -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$crashes/" -print_final_stats=1 \
        ${jobs:+$([[ "$jobs" -gt 1 ]] && echo "-jobs=$jobs -workers=$jobs")} > "$log" 2>&1
    rc=$?
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE" "$log" | tail -3
    if [[ $rc -ne 0 ]] || ls "$crashes"/crash-* "$crashes"/timeout-* "$crashes"/oom-* >/dev/null 2>&1; then
        echo "!! $name: exit $rc; findings in $crashes (log $log)"
        grep -m3 -E "Fatal error|ERROR: |SUMMARY" "$log"
        status=1
    fi
done
exit $status
