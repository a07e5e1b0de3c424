#!/usr/bin/env bash
# Benchmarks Schach and compares its perft speed with Stockfish 15.1 on the same positions.
#
#   scripts/bench.sh [BUILD_DIR]            (default build/release; `make bench` passes it)
#
# 1. Runs BUILD_DIR/bench/schach_bench (Google Benchmark: deep perfts and micro-benchmarks).
# 2. Times `schach perft N --fen FEN` and Stockfish's `go perft N` on the same positions,
#    interleaved (ours, Stockfish, ours, ...), best of BENCH_ROUNDS runs each. Both are timed as
#    whole processes; each one's start-up (same command at depth 1) is measured the same way and
#    subtracted. Without a working CLI, the perft numbers of schach_bench are used instead.
# 3. Prints position, depth, nodes, Mnps of both, their ratio (ours / Stockfish, > 1 = we are
#    faster) and the geometric mean of the ratios. Differing node counts are a hard error.
#
# Environment: BENCH_ROUNDS (3), STOCKFISH (/usr/games/stockfish), SCHACH_CLI (BUILD_DIR/schach),
# BENCH_SKIP_GBENCH=1 (skip step 1), BENCH_GBENCH_ARGS (extra arguments for schach_bench, e.g.
# --benchmark_filter=Fen).
set -euo pipefail

BUILD_DIR=${1:-build/release}
ROUNDS=${BENCH_ROUNDS:-3}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
BENCH_BIN=$BUILD_DIR/bench/schach_bench
CLI_BIN=${SCHACH_CLI:-$BUILD_DIR/schach}

die() {
    echo "bench.sh: FEHLER / ERROR: $*" >&2
    exit 1
}

# name | depth | chess960 (0/1) | FEN. The names match the BM_Perft/<name> benchmarks.
POSITIONS=(
    "start|6|0|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "kiwipete|5|0|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "fischer1|6|1|bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
)

[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "BENCH_ROUNDS must be a positive integer, not '$ROUNDS'"
[[ -x $BENCH_BIN ]] || die "$BENCH_BIN fehlt / is missing: build first (cmake --preset release && cmake --build build/release)"
[[ -x $STOCKFISH ]] || die "Stockfish nicht gefunden / not found at $STOCKFISH (scripts/install-deps.sh installs it; or set STOCKFISH=...)"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

now_ns() { date +%s%N; }

# --- 1. Google Benchmark ------------------------------------------------------------------------

if [[ ${BENCH_SKIP_GBENCH:-0} != 1 ]]; then
    echo "== schach_bench =="
    # shellcheck disable=SC2086  # BENCH_GBENCH_ARGS is a list of arguments on purpose
    "$BENCH_BIN" ${BENCH_GBENCH_ARGS:-} || die "schach_bench ist fehlgeschlagen / failed (exit $?)"
    echo
fi

# --- 2. Ours vs Stockfish -----------------------------------------------------------------------

sf_version=$("$STOCKFISH" </dev/null 2>&1 | head -n 1) || true
[[ $sf_version == Stockfish* ]] || die "$STOCKFISH does not look like Stockfish (first line: '$sf_version')"
# Debian's package is built for baseline x86-64 ("64bit SSE2": no POPCNT, no BMI2/PEXT), while the
# release preset builds Schach with -march=native: say so next to the numbers.
sf_build=$(echo compiler | "$STOCKFISH" 2>/dev/null | sed -n 's/^Compilation settings include: *//p' | head -n 1) || true

# "Nodes searched: N" from a file; empty when missing.
nodes_in() { sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*$/\1/p' "$1" | tail -n 1; }

# Sets RUN_NS and RUN_NODES. Arguments: fen depth chess960.
run_stockfish() {
    local fen=$1 depth=$2 c960=$3 t0 t1
    {
        echo uci
        [[ $c960 == 1 ]] && echo "setoption name UCI_Chess960 value true"
        echo "position fen $fen"
        echo "go perft $depth"
    } >"$TMP/sf.in"
    t0=$(now_ns)
    "$STOCKFISH" <"$TMP/sf.in" >"$TMP/sf.out" 2>&1 || die "Stockfish failed on '$fen' depth $depth: $(tail -n 3 "$TMP/sf.out")"
    t1=$(now_ns)
    RUN_NS=$((t1 - t0))
    RUN_NODES=$(nodes_in "$TMP/sf.out")
    [[ -n $RUN_NODES ]] || die "no 'Nodes searched' from Stockfish for '$fen' depth $depth; output: $(tail -n 5 "$TMP/sf.out")"
}

run_cli() {
    local fen=$1 depth=$2 c960=$3 t0 t1 args
    args=(perft "$depth" --fen "$fen")
    [[ $c960 == 1 ]] && args+=(--chess960)
    t0=$(now_ns)
    "$CLI_BIN" "${args[@]}" >"$TMP/cli.out" 2>"$TMP/cli.err" ||
        die "'$CLI_BIN ${args[*]}' failed: $(tail -n 3 "$TMP/cli.err")"
    t1=$(now_ns)
    RUN_NS=$((t1 - t0))
    RUN_NODES=$(nodes_in "$TMP/cli.out")
    [[ -n $RUN_NODES ]] || die "no 'Nodes searched' from '$CLI_BIN ${args[*]}'; output: $(tail -n 3 "$TMP/cli.out")"
}

# Fallback without the CLI: the BM_Perft/<name> benchmark (its own timer; no start-up to subtract).
run_gbench() {
    local name=$1 json
    json=$TMP/gbench.json
    "$BENCH_BIN" --benchmark_filter="^BM_Perft/$name/" --benchmark_format=json >"$json" 2>"$TMP/gbench.err" ||
        die "schach_bench BM_Perft/$name failed: $(tail -n 3 "$TMP/gbench.err")"
    if grep -q '"error_occurred": true' "$json"; then
        die "schach_bench BM_Perft/$name: $(sed -n 's/.*"error_message": "\(.*\)".*/\1/p' "$json")"
    fi
    # "real_time": 6.28e+02 (ms), "nodes": 1.19e+08
    RUN_NS=$(awk -F': ' '/"real_time"/ { gsub(",", "", $2); printf "%.0f", $2 * 1e6 }' "$json")
    RUN_NODES=$(awk -F': ' '/"nodes"/ { gsub(",", "", $2); printf "%.0f", $2 }' "$json")
    [[ -n $RUN_NS && -n $RUN_NODES ]] || die "cannot read BM_Perft/$name from schach_bench's JSON output"
}

# Which of ours to time: the CLI when it answers perft 1 of the start position correctly.
mode=gbench
if [[ -x $CLI_BIN ]] && "$CLI_BIN" perft 1 --fen "${POSITIONS[0]##*|}" >"$TMP/probe.out" 2>/dev/null &&
    [[ $(nodes_in "$TMP/probe.out") == 20 ]]; then
    mode=cli
else
    echo "bench.sh: $CLI_BIN perft not usable; timing schach_bench's BM_Perft instead" >&2
fi

echo "== Schach vs $sf_version: perft, single thread, best of $ROUNDS (interleaved) =="
echo "   Stockfish build: ${sf_build:-unknown}"
[[ $mode == cli ]] && echo "   ours: $CLI_BIN perft N --fen FEN; both timed as processes minus start-up (perft 1)" ||
    echo "   ours: schach_bench BM_Perft (wall time); Stockfish timed as a process minus start-up (perft 1)"

declare -A best_ours best_sf start_ours start_sf nodes_ours nodes_sf
min_into() { # array-name key value
    local -n arr=$1
    if [[ -z ${arr[$2]:-} ]] || (($3 < arr[$2])); then arr[$2]=$3; fi
}
check_nodes() { # array-name key nodes who
    local -n seen=$1
    if [[ -n ${seen[$2]:-} && ${seen[$2]} != "$3" ]]; then
        die "$4 gave different node counts for $2 in different runs: ${seen[$2]} vs $3"
    fi
    seen[$2]=$3
}

for ((round = 1; round <= ROUNDS; ++round)); do
    echo "   round $round/$ROUNDS ..." >&2
    for entry in "${POSITIONS[@]}"; do
        IFS='|' read -r name depth c960 fen <<<"$entry"
        # Ours first, then Stockfish, each with its start-up measurement next to it.
        if [[ $mode == cli ]]; then
            run_cli "$fen" 1 "$c960"
            min_into start_ours "$name" "$RUN_NS"
            run_cli "$fen" "$depth" "$c960"
        else
            start_ours[$name]=0
            run_gbench "$name"
        fi
        min_into best_ours "$name" "$RUN_NS"
        check_nodes nodes_ours "$name" "$RUN_NODES" Schach

        run_stockfish "$fen" 1 "$c960"
        min_into start_sf "$name" "$RUN_NS"
        run_stockfish "$fen" "$depth" "$c960"
        min_into best_sf "$name" "$RUN_NS"
        check_nodes nodes_sf "$name" "$RUN_NODES" Stockfish
    done
done

echo
printf '%-10s %5s %12s %10s %14s %8s   %s\n' position depth nodes "ours Mnps" "Stockfish Mnps" ratio "(ours s / SF s, start-up ms ours/SF)"
status=0
ratios=()
for entry in "${POSITIONS[@]}"; do
    IFS='|' read -r name depth c960 fen <<<"$entry"
    n_ours=${nodes_ours[$name]} n_sf=${nodes_sf[$name]}
    if [[ $n_ours != "$n_sf" ]]; then
        echo "NODE COUNT MISMATCH for $name depth $depth ($fen): Schach $n_ours, Stockfish $n_sf" >&2
        status=1
        continue
    fi
    net_ours=$((best_ours[$name] - start_ours[$name]))
    net_sf=$((best_sf[$name] - start_sf[$name]))
    ((net_ours > 0 && net_sf > 0)) || die "$name: run not longer than start-up; use a deeper perft"
    read -r mnps_ours mnps_sf ratio < <(awk -v n="$n_ours" -v a="$net_ours" -v b="$net_sf" \
        'BEGIN { x = n / a * 1000; y = n / b * 1000; printf "%.1f %.1f %.3f\n", x, y, x / y }')
    ratios+=("$ratio")
    printf '%-10s %5s %12s %10s %14s %8s   (%.3f / %.3f, %d/%d)\n' "$name" "$depth" "$n_ours" "$mnps_ours" "$mnps_sf" "$ratio" \
        "$(awk -v t="$net_ours" 'BEGIN { print t / 1e9 }')" "$(awk -v t="$net_sf" 'BEGIN { print t / 1e9 }')" \
        $((start_ours[$name] / 1000000)) $((start_sf[$name] / 1000000))
done
((status == 0)) || die "Schach and Stockfish disagree on node counts (see above): a move generation bug"

awk -v r="${ratios[*]}" 'BEGIN { n = split(r, a, " "); s = 0; for (i = 1; i <= n; ++i) s += log(a[i]);
    printf "geometric-mean ratio (ours / Stockfish): %.3f\n", exp(s / n) }'
