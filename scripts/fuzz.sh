#!/usr/bin/env bash
# Runs every libFuzzer target of a fuzz build for a fixed time and summarizes.
#
#   scripts/fuzz.sh BUILD_DIR SECONDS       (`make fuzz FUZZ_SECONDS=20` builds preset fuzz first)
#
# For each BUILD_DIR/fuzz/fuzz_<name>:
#   - working corpus BUILD_DIR/fuzz-corpus/<name>/, seeded from fuzz/corpus/<name>/ when that
#     exists and kept between runs (the build directory is not committed),
#   - dictionary fuzz/<name>.dict when it exists,
#   - -max_total_time=SECONDS -rss_limit_mb=2048 -timeout=10, plus the target's own options
#     (target_args below: an input size limit for the text targets),
#   - log BUILD_DIR/fuzz-logs/<name>.log, crash inputs under BUILD_DIR/fuzz-artifacts/<name>/.
# Prints runs, coverage and crash status per target; exits 1 if any target crashed, timed out or
# ran out of memory, 2 on usage or setup errors.
#
# Environment: FUZZ_TARGETS="fen moves pgn san uci" (a subset, by name), FUZZ_ARGS (extra libFuzzer
# options, after the target's own, so they win).
set -euo pipefail

usage() {
    echo "usage: $0 BUILD_DIR SECONDS" >&2
    exit 2
}
die() {
    echo "fuzz.sh: ERROR: $*" >&2
    exit 2
}

[[ $# -eq 2 ]] || usage
BUILD_DIR=$1
secs=$2
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "SECONDS must be a positive integer, not '$secs'"
[[ -d $BUILD_DIR ]] || die "$BUILD_DIR does not exist (cmake --preset fuzz && cmake --build build/fuzz)"

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# libFuzzer options of single targets. pgn: PGN text, bounded so that runs stay fast and memory
# small (the reader streams, longer texts only repeat structures); san: a few bytes of start and
# plies, then one move text; uci: a few GUI lines.
target_args() {
    case $1 in
        pgn) echo "-max_len=4096" ;;
        san) echo "-max_len=320" ;;
        uci) echo "-max_len=2048" ;;
        server_messages) echo "-max_len=5000" ;;
        exercises) echo "-max_len=1100" ;;
    esac
}
BIN_DIR=$BUILD_DIR/fuzz

targets=()
if [[ -n ${FUZZ_TARGETS:-} ]]; then
    for name in $FUZZ_TARGETS; do
        [[ -x $BIN_DIR/fuzz_$name ]] || die "no fuzz target $BIN_DIR/fuzz_$name"
        targets+=("$BIN_DIR/fuzz_$name")
    done
else
    shopt -s nullglob
    for bin in "$BIN_DIR"/fuzz_*; do
        [[ -f $bin && -x $bin ]] && targets+=("$bin")
    done
    shopt -u nullglob
fi
((${#targets[@]} > 0)) || die "no fuzz targets in $BIN_DIR (is $BUILD_DIR a fuzz build? cmake --preset fuzz)"

mkdir -p "$BUILD_DIR/fuzz-logs"
summary=()
failed=0

for bin in "${targets[@]}"; do
    target=$(basename "$bin")
    name=${target#fuzz_}
    corpus=$BUILD_DIR/fuzz-corpus/$name
    artifacts=$BUILD_DIR/fuzz-artifacts/$name
    log=$BUILD_DIR/fuzz-logs/$name.log
    mkdir -p "$corpus" "$artifacts"
    if [[ -d $ROOT/fuzz/corpus/$name ]]; then
        cp -n "$ROOT/fuzz/corpus/$name"/* "$corpus"/ 2>/dev/null || true
    fi
    args=(
        -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10
        -print_final_stats=1 -artifact_prefix="$artifacts/"
    )
    [[ -f $ROOT/fuzz/$name.dict ]] && args+=(-dict="$ROOT/fuzz/$name.dict")
    # shellcheck disable=SC2207  # target_args prints a list of options on purpose
    args+=($(target_args "$name"))
    # shellcheck disable=SC2206  # FUZZ_ARGS is a list of options on purpose
    [[ -n ${FUZZ_ARGS:-} ]] && args+=($FUZZ_ARGS)

    echo "== $target: ${secs}s, corpus $corpus ($(find "$corpus" -type f | wc -l) inputs) =="
    rc=0
    "$bin" "${args[@]}" "$corpus" >"$log" 2>&1 || rc=$?

    # (|| true: a crash while reading the corpus leaves no status lines to find)
    runs=$(sed -n 's/^Done \([0-9][0-9]*\) runs in .*/\1/p' "$log" | tail -n 1)
    if [[ -z $runs ]]; then  # stopped early (crash): "stat::number_of_executed_units: N"
        runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
    fi
    cov=$({ grep -oE 'cov: [0-9]+' "$log" || true; } | tail -n 1 | cut -d' ' -f2)
    units=$(find "$corpus" -type f | wc -l)
    written=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log")

    first=${#summary[@]}
    if ((rc == 0)) && [[ -z $written ]]; then
        summary+=("$target: ${runs:-?} runs in ${secs}s, coverage ${cov:-?}, corpus $units inputs: no crash")
    else
        failed=1
        kind=$({ grep -m1 -E 'ERROR: |runtime error: ' "$log" || echo "exit code $rc"; } | sed 's/^==[0-9]*== *//' | cut -c1-120)
        summary+=("$target: CRASH after ${runs:-?} runs, coverage ${cov:-?}: $kind")
        # What the target itself said (fuzz_*: ...), or the sanitizer's summary.
        while IFS= read -r l; do summary+=("    $l"); done < <(grep -m5 -E "^$target: |^  (input|start|moves|now): |SUMMARY: " "$log" || true)
        for f in $written; do
            summary+=("    reproducer: $f  (run: $bin $f)")
        done
        summary+=("    log: $log")
    fi
    # Said at once as well, so that a run stopped before the summary (CI's deadline) shows it.
    printf '%s\n' "${summary[@]:first}"
done

echo
echo "== fuzz summary =="
printf '%s\n' "${summary[@]}"
if ((failed)); then
    echo "fuzz.sh: crash found" >&2
    exit 1
fi
