#!/usr/bin/env bash
# Benchmarks Schach: perft against Stockfish 15.1, PGN reading against pgn-extract.
#
#   scripts/bench.sh [BUILD_DIR]            (default build/release; `make bench` passes it)
#
# 1. Runs BUILD_DIR/bench/schach_bench (Google Benchmark: deep perfts, micro-benchmarks, PGN
#    reading of the classical benchmark file, parse_san).
# 2. Times `schach perft N --fen FEN` and Stockfish's `go perft N` on the same positions,
#    interleaved (ours, Stockfish, ours, ...), best of BENCH_ROUNDS runs each. Both are timed as
#    whole processes; each one's start-up (same command at depth 1) is measured the same way and
#    subtracted. Both are bound to the same CPU (the fastest of a short probe; BENCH_PERFT_CPU=N
#    or none to choose). Without a working CLI, the perft numbers of schach_bench are used instead.
# 3. Prints position, depth, nodes, Mnps of both, their ratio (ours / Stockfish, > 1 = we are
#    faster), the geometric mean of the ratios, that of each round (the spread) and the goal
#    (>= 6x, issue #25). Differing node counts are a hard error.
# 4. PGN throughput: the benchmark files of DATA_DIR/pgn-bench (12,000 classical and 4,000
#    Chess960 engine games; decompressed once into BUILD_DIR/pgn-bench/), read and fully validated
#    (every move parsed and checked for legality) by `schach pgn check FILE` (all cores) and by
#    pgn-extract's validating mode `pgn-extract -r -s FILE`, interleaved, best of BENCH_ROUNDS.
#    Both are timed as whole commands: the ratio is of wall time (what a user waits for; goal
#    >= 30x), CPU time (user + sys) beside it, and the wall-time ratio of each round. Without a
#    `pgn check` in the CLI, schach_bench's BM_PgnValidate (file already in memory) stands in.
#    Both validators are first shown to reject a game with an illegal move.
# 5. Dead positions: schach_bench's BM_DeadSuite asks can_checkmate for both colours of every
#    position of the CHA test vector and of every 16th real-game (lichess) position; prints the
#    average and worst time per question (thread CPU time), undetermined answers and
#    contradictions with the labels (must be 0). Then `schach dead --winner white|black --epd`
#    over every lichess position, timed as whole commands: wall time per question and
#    undetermined answers (goal: <= 30 us, none).
#
# Environment: BENCH_ROUNDS (3), STOCKFISH (/usr/games/stockfish), SCHACH_CLI (BUILD_DIR/schach),
# PGN_EXTRACT (pgn-extract on PATH, else /usr/games/pgn-extract), SCHACH_DATA_DIR (the CMake cache's
# SCHACH_DATA_DIR, else ../shared/data next to the project), BENCH_SKIP_GBENCH=1 (skip step 1),
# BENCH_SKIP_PERFT=1 (skip steps 2-3), BENCH_PERFT_CPU (the CPU of steps 2-3: a number, or
# none), BENCH_SKIP_PGN=1 (skip step 4), BENCH_GBENCH_ARGS (extra arguments for schach_bench,
# e.g. --benchmark_filter=Fen), BENCH_SKIP_DEAD=1 (skip step 5),
# BENCH_SKIP_ENGINE=1 (skip step 6), BENCH_MOVETIME (step 6's time per position in ms, 1000),
# BENCH_SKIP_REVIEW=1 (skip step 7), BENCH_REVIEW_NODES (step 7's nodes per position, 1000000).
# 6. Engine speed: `schach uci` and Stockfish (`uci`) search each of `schach bench --fens`'s
#    positions for BENCH_MOVETIME ms (Threads 1, Hash 16; Chess960 positions with UCI_Chess960),
#    interleaved, through the whole UCI conversation; the nodes and time of each one's last info
#    line are summed. Prints both nps and the ratio (ours / Stockfish). Stockfish 15.1 (Debian,
#    NNUE) spends far more per node on its evaluation: the ratio measures speed, not strength.
# 7. Game review: `schach analyse` reviews the first 40 moves (81 positions) of a real game
#    (Nepomniachtchi-Ding 2023 game 1, from the data folder) at the default budget of 1,000,000
#    nodes a position (Threads 1, Hash 64, no time cut); Stockfish 15.1 searches the same 81
#    positions with `go nodes 1000000` in one UCI conversation (Threads 1, Hash 64). Wall time of
#    each, and the ratio (Stockfish's time / ours, > 1 = we are faster).
set -euo pipefail
export LC_NUMERIC=C  # decimal points in `time` and awk output

BUILD_DIR=${1:-build/release}
ROUNDS=${BENCH_ROUNDS:-3}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
BENCH_BIN=$BUILD_DIR/bench/schach_bench
CLI_BIN=${SCHACH_CLI:-$BUILD_DIR/schach}

die() {
    echo "bench.sh: ERROR: $*" >&2
    exit 1
}

# name | depth | chess960 (0/1) | FEN. The names match the BM_Perft/<name> benchmarks.
POSITIONS=(
    "start|6|0|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "kiwipete|5|0|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "fischer1|6|1|bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
)

SKIP_PERFT=${BENCH_SKIP_PERFT:-0}
SKIP_PGN=${BENCH_SKIP_PGN:-0}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "BENCH_ROUNDS must be a positive integer, not '$ROUNDS'"
[[ -x $BENCH_BIN ]] || die "$BENCH_BIN is missing: build first (cmake --preset release && cmake --build build/release)"
if [[ $SKIP_PERFT != 1 ]]; then
    [[ -x $STOCKFISH ]] || die "Stockfish not found at $STOCKFISH (scripts/install-deps.sh installs it; or set STOCKFISH=...)"
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# now_ns VAR: the wall clock in nanoseconds (microsecond resolution) into VAR, from bash's own
# EPOCHREALTIME: no process for `date` and no subshell between the command timed and its clock.
# shellcheck disable=SC2034 # `into` names the caller's variable
now_ns() {
    local -n into=$1
    into=${EPOCHREALTIME/./}000
}

# --- 0. PGN benchmark files ---------------------------------------------------------------------

# name | games. The files are DATA_DIR/pgn-bench/stockfish-selfplay-<name>.pgn.xz.
PGN_FILES=("classical-12000|12000" "chess960-4000|4000")
PGN_DIR=$BUILD_DIR/pgn-bench
# Present once the files there were written in large blocks (older ones were not: made again).
LAYOUT_STAMP=.written-in-4MiB-blocks

if [[ -z ${SCHACH_DATA_DIR:-} && -f $BUILD_DIR/CMakeCache.txt ]]; then
    SCHACH_DATA_DIR=$(sed -n 's/^SCHACH_DATA_DIR:PATH=//p' "$BUILD_DIR/CMakeCache.txt")
fi
DATA_DIR=${SCHACH_DATA_DIR:-$ROOT/../shared/data}

# Decompresses the benchmark files into BUILD_DIR/pgn-bench/ once (again only when the .xz is
# newer). Sets PGN_READY=1 when all are there; otherwise says why and leaves it 0.
PGN_READY=0
prepare_pgn() {
    local entry name xz out
    if ! command -v xz >/dev/null; then
        echo "bench.sh: xz is missing (scripts/install-deps.sh installs xz-utils): no PGN benchmark" >&2
        return
    fi
    mkdir -p "$PGN_DIR"
    for entry in "${PGN_FILES[@]}"; do
        name=${entry%%|*}
        xz=$DATA_DIR/pgn-bench/stockfish-selfplay-$name.pgn.xz
        out=$PGN_DIR/stockfish-selfplay-$name.pgn
        if [[ ! -f $xz ]]; then
            echo "bench.sh: $xz is missing (set SCHACH_DATA_DIR): no PGN benchmark" >&2
            return
        fi
        if [[ ! -s $out || $xz -nt $out || ! -f $PGN_DIR/$LAYOUT_STAMP ]]; then
            echo "   decompressing $xz -> $out" >&2
            # Written in blocks of 4 MiB: the page cache then holds the file in large folios, as it
            # holds one read from the disk or written in large blocks (xz writes 8 KiB at a time,
            # which leaves it in 4 KiB pages, and every later read() of it, by either program,
            # copies page by page: 6.6 against 2.8 ms for all of the classical file here).
            xz -dc "$xz" | dd bs=4M iflag=fullblock status=none of="$out.tmp" || die "xz -dc $xz failed"
            mv "$out.tmp" "$out"
        fi
    done
    touch "$PGN_DIR/$LAYOUT_STAMP"
    PGN_READY=1
}
if [[ $SKIP_PGN != 1 || ${BENCH_SKIP_GBENCH:-0} != 1 ]]; then
    prepare_pgn
fi
# schach_bench's BM_PgnValidate/BM_PgnBuild read this file (they skip themselves without it).
if ((PGN_READY)); then
    export SCHACH_PGN_BENCH_FILE=$PGN_DIR/stockfish-selfplay-${PGN_FILES[0]%%|*}.pgn
fi

# --- 1. Google Benchmark ------------------------------------------------------------------------

if [[ ${BENCH_SKIP_GBENCH:-0} != 1 ]]; then
    echo "== schach_bench =="
    # shellcheck disable=SC2086  # BENCH_GBENCH_ARGS is a list of arguments on purpose
    "$BENCH_BIN" ${BENCH_GBENCH_ARGS:-} || die "schach_bench failed (exit $?)"
    echo
fi

# --- 2./3. Ours vs Stockfish (perft) -----------------------------------------------------------

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
    now_ns t0
    "${PERFT_BIND[@]}" "$STOCKFISH" <"$TMP/sf.in" >"$TMP/sf.out" 2>&1 || die "Stockfish failed on '$fen' depth $depth: $(tail -n 3 "$TMP/sf.out")"
    now_ns t1
    RUN_NS=$((t1 - t0))
    RUN_NODES=$(nodes_in "$TMP/sf.out")
    [[ -n $RUN_NODES ]] || die "no 'Nodes searched' from Stockfish for '$fen' depth $depth; output: $(tail -n 5 "$TMP/sf.out")"
}

run_cli() {
    local fen=$1 depth=$2 c960=$3 t0 t1 args
    args=(perft "$depth" --fen "$fen")
    [[ $c960 == 1 ]] && args+=(--chess960)
    now_ns t0
    "${PERFT_BIND[@]}" "$CLI_BIN" "${args[@]}" >"$TMP/cli.out" 2>"$TMP/cli.err" ||
        die "'$CLI_BIN ${args[*]}' failed: $(tail -n 3 "$TMP/cli.err")"
    now_ns t1
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

# The CPUs this process may run on, one a line ("0-2,5" -> 0 1 2 5); empty without taskset.
allowed_cpus() {
    local list part
    command -v taskset >/dev/null || return 0
    list=$(taskset -cp $$ 2>/dev/null | sed -n 's/.*list: *//p')
    for part in ${list//,/ }; do
        if [[ $part == *-* ]]; then seq "${part%-*}" "${part#*-}"; else echo "$part"; fi
    done
}

# Sets PERFT_CPU, the CPU both programs' perft runs of a round are bound to (empty: not bound),
# and PERFT_BIND, the command prefix that binds them. The cores of the virtual machines here are
# not alike, and which is slow changes within minutes (one took 1.3-1.7x as long as the other for
# the same work, then the other; no steal time shown): a single-threaded process lands on either,
# and the ratio of two programs would depend on where each landed. So in each round both run on
# one CPU, the fastest of a probe made just before it, of neither program's code (awk's loop, min
# of 3 alternated), unless BENCH_PERFT_CPU names one (a number) or is "none". PERFT_CPUS collects
# each round's choice with the probe's times.
PERFT_CPU=
PERFT_BIND=()
PERFT_CPUS=""
choose_perft_cpu() { # round-number
    local round_no=$1 cpus=() cpu round t0 t1 best_ns best_cpu report=""
    if [[ ${BENCH_PERFT_CPU:-} == none ]]; then return; fi
    if [[ -n ${BENCH_PERFT_CPU:-} ]]; then
        [[ $BENCH_PERFT_CPU =~ ^[0-9]+$ ]] || die "BENCH_PERFT_CPU must be a CPU number or 'none', not '$BENCH_PERFT_CPU'"
        command -v taskset >/dev/null || die "BENCH_PERFT_CPU=$BENCH_PERFT_CPU needs taskset (util-linux)"
        PERFT_CPU=$BENCH_PERFT_CPU
        PERFT_BIND=(taskset -c "$PERFT_CPU")
        PERFT_CPUS="CPU $PERFT_CPU (BENCH_PERFT_CPU)"
        return
    fi
    mapfile -t cpus < <(allowed_cpus)
    ((${#cpus[@]} > 1)) || return 0
    declare -A probe_ns=()
    for ((round = 0; round < 3; ++round)); do
        for cpu in "${cpus[@]}"; do
            now_ns t0
            if ! taskset -c "$cpu" awk 'BEGIN { for (i = 0; i < 1000000; ++i) s += i }' 2>/dev/null; then
                # A container may forbid binding: then both run where the kernel puts them.
                echo "bench.sh: taskset -c $cpu failed: perft runs not bound to a CPU" >&2
                BENCH_PERFT_CPU=none PERFT_CPU='' PERFT_BIND=() PERFT_CPUS="none (taskset failed)"
                return 0
            fi
            now_ns t1
            min_into probe_ns "$cpu" $((t1 - t0))
        done
    done
    for cpu in "${cpus[@]}"; do
        if [[ -z ${best_cpu:-} ]] || ((probe_ns[$cpu] < best_ns)); then best_cpu=$cpu best_ns=${probe_ns[$cpu]}; fi
        report+="${report:+/}$((probe_ns[$cpu] / 100000))"
    done
    PERFT_CPU=$best_cpu
    PERFT_BIND=(taskset -c "$PERFT_CPU")
    # The round, the CPU and the probe's times of all CPUs in tenths of a millisecond: "1:cpu0[187/321]".
    PERFT_CPUS+="${PERFT_CPUS:+ }$round_no:cpu${PERFT_CPU}[$report]"
}

perft_comparison() {
    sf_version=$("$STOCKFISH" </dev/null 2>&1 | head -n 1) || true
    [[ $sf_version == Stockfish* ]] || die "$STOCKFISH does not look like Stockfish (first line: '$sf_version')"
    # Debian's package is built for baseline x86-64 ("64bit SSE2": no POPCNT, no BMI2/PEXT), while the
    # release preset builds Schach with -march=native: say so next to the numbers.
    sf_build=$(echo compiler | "$STOCKFISH" 2>/dev/null | sed -n 's/^Compilation settings include: *//p' | head -n 1) || true

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

    declare -gA best_ours best_sf start_ours start_sf nodes_ours nodes_sf

    local round_geo=() round_logs ours_ns
    for ((round = 1; round <= ROUNDS; ++round)); do
        echo "   round $round/$ROUNDS ..." >&2
        choose_perft_cpu "$round"
        round_logs=""
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
            ours_ns=$RUN_NS
            check_nodes nodes_ours "$name" "$RUN_NODES" Schach

            run_stockfish "$fen" 1 "$c960"
            min_into start_sf "$name" "$RUN_NS"
            run_stockfish "$fen" "$depth" "$c960"
            min_into best_sf "$name" "$RUN_NS"
            check_nodes nodes_sf "$name" "$RUN_NODES" Stockfish
            round_logs+=" $(awk -v o=$((ours_ns - start_ours[$name])) -v f=$((RUN_NS - start_sf[$name])) \
                'BEGIN { if (o <= 0) o = 1; if (f <= 0) f = 1; print log(f / o) }')"
        done
        round_geo+=("$(awk -v l="$round_logs" 'BEGIN { n = split(l, a, " "); s = 0; for (i = 1; i <= n; ++i) s += a[i];
            printf "%.2f", exp(s / n) }')")
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
    echo "both bound to one CPU a round (round:cpu[the probe's 0.1 ms on each CPU]): ${PERFT_CPUS:-none (taskset missing, one CPU, or BENCH_PERFT_CPU=none)}"

    awk -v r="${ratios[*]}" -v rr="${round_geo[*]}" 'BEGIN { n = split(r, a, " "); s = 0; for (i = 1; i <= n; ++i) s += log(a[i]);
        g = exp(s / n);
        printf "geometric-mean ratio (ours / Stockfish): %.3f\n", g;
        m = split(rr, x, " "); lo = x[1]; hi = x[1];
        for (i = 2; i <= m; ++i) { if (x[i] + 0 < lo + 0) lo = x[i]; if (x[i] + 0 > hi + 0) hi = x[i] }
        printf "geometric-mean ratio of each round: %s (spread %s-%s)\n", rr, lo, hi;
        printf "goal: ours >= 6x Stockfish (wall time, best of each): %s (%.2fx)\n", (g >= 6) ? "met" : "NOT met", g }'
}

if [[ $SKIP_PERFT != 1 ]]; then
    perft_comparison
    echo
fi

# --- 4. PGN throughput: ours vs pgn-extract -----------------------------------------------------

# Runs a command and times it with bash's `time`: RUN_CPU = user + sys CPU seconds of the command
# (and its children), RUN_WALL = wall seconds, RUN_RC = exit code. Arguments: stdout-file
# stderr-file command...
timed() {
    local out=$1 err=$2 user sys
    shift 2
    local TIMEFORMAT='%3R %3U %3S'
    RUN_RC=0
    { time "$@" >"$out" 2>"$err" || RUN_RC=$?; } 2>"$TMP/time.txt"
    read -r RUN_WALL user sys <"$TMP/time.txt" || die "cannot read the time of '$*': $(cat "$TMP/time.txt")"
    RUN_CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')
}

# `schach pgn check`: "N games, M errors" as the last line. Sets CHECK_GAMES, CHECK_ERRORS.
run_pgn_check() { # file...
    timed "$TMP/check.out" "$TMP/check.err" "$CLI_BIN" pgn check "$@"
    local last
    last=$(tail -n 1 "$TMP/check.out")
    [[ $last =~ ^([0-9]+)\ games,\ ([0-9]+)\ errors$ ]] ||
        die "'$CLI_BIN pgn check $*' (exit $RUN_RC) did not end with 'N games, M errors': '$last' $(tail -n 2 "$TMP/check.err")"
    CHECK_GAMES=${BASH_REMATCH[1]} CHECK_ERRORS=${BASH_REMATCH[2]}
}

# Fallback: schach_bench's BM_PgnValidate on the file (in memory; its own CPU timer, per pass).
run_pgn_gbench() { # file
    local json=$TMP/pgnbench.json
    SCHACH_PGN_BENCH_FILE=$1 "$BENCH_BIN" --benchmark_filter='^BM_PgnValidate$' --benchmark_format=json \
        >"$json" 2>"$TMP/pgnbench.err" || die "schach_bench BM_PgnValidate on $1 failed: $(tail -n 3 "$TMP/pgnbench.err")"
    if grep -q '"error_occurred": true' "$json"; then
        die "schach_bench BM_PgnValidate on $1: $(sed -n 's/.*"error_message": "\(.*\)".*/\1/p' "$json")"
    fi
    # "cpu_time": 1.33e+02, "real_time": 4.71e+02 (ms per pass), "games": 1.2e+04, "errors": 0
    json_num() { awk -F': ' -v k="\"$1\"" '$1 ~ k { gsub(",", "", $2); printf "%.6f", $2; exit }' "$json"; }
    RUN_CPU=$(awk -v t="$(json_num cpu_time)" 'BEGIN { printf "%.3f", t / 1000 }')
    RUN_WALL=$(awk -v t="$(json_num real_time)" 'BEGIN { printf "%.3f", t / 1000 }')
    CHECK_GAMES=$(json_num games | awk '{ printf "%.0f", $1 }')
    CHECK_ERRORS=$(json_num errors | awk '{ printf "%.0f", $1 }')
    [[ -n $RUN_CPU && -n $CHECK_GAMES ]] || die "cannot read BM_PgnValidate from schach_bench's JSON output"
}

# pgn-extract -r -s: errors on stderr ("Failed to make move ..."). Sets PE_ERRORS.
run_pgn_extract() { # file...
    timed "$TMP/pe.out" "$TMP/pe.err" "$PGN_EXTRACT_BIN" -r -s "$@"
    ((RUN_RC == 0)) || die "'$PGN_EXTRACT_BIN -r -s $*' failed (exit $RUN_RC): $(tail -c 300 "$TMP/pe.err")"
    PE_ERRORS=$(grep -c 'Failed to make move' "$TMP/pe.err" || true)
}

# A row of the PGN table: name MB games, ours' wall and CPU seconds, pgn-extract's, the ratios.
pgn_row() { # name mb games wall_ours cpu_ours wall_pe cpu_pe
    awk -v n="$1" -v mb="$2" -v g="$3" -v wo="$4" -v co="$5" -v wp="$6" -v cp="$7" \
        'BEGIN { if (co <= 0) co = 0.001; if (cp <= 0) cp = 0.001; if (wo <= 0) wo = 0.001; if (wp <= 0) wp = 0.001;
                 printf "%-15s %7.1f %6d | %7.3f %7.3f %11.1f | %7.3f %7.3f %11.1f | %6.1fx %6.1fx\n",
                        n, mb, g, wo, co, mb / wo, wp, cp, mb / wp, wp / wo, cp / co }'
}

# The wall-time ratio of each round and their spread.
round_spread() { # label "ratio ratio ..."
    awk -v label="$1" -v rr="$2" 'BEGIN { n = split(rr, x, " "); lo = x[1]; hi = x[1];
        for (i = 2; i <= n; ++i) { if (x[i] + 0 < lo + 0) lo = x[i]; if (x[i] + 0 > hi + 0) hi = x[i] }
        printf "wall-time ratio of each round (%s): %s (spread %s-%s)\n", label, rr, lo, hi }'
}

# The goal line: pgn-extract's best wall time over ours >= 30.
pgn_goal() { # where wall_ours wall_pe
    awk -v where="$1" -v wo="$2" -v wp="$3" 'BEGIN { if (wo <= 0) wo = 0.001; r = wp / wo;
        met = (r >= 30) ? "met" : "NOT met";
        printf "goal: ours >= 30x pgn-extract %s(wall time, best of each): %s (%.1fx)\n", where, met, r }'
}

pgn_comparison() {
    if ((!PGN_READY)); then
        echo "bench.sh: PGN benchmark files missing: no PGN comparison" >&2
        return
    fi
    PGN_EXTRACT_BIN=${PGN_EXTRACT:-$(command -v pgn-extract || echo /usr/games/pgn-extract)}
    [[ -x $PGN_EXTRACT_BIN ]] ||
        die "pgn-extract not found at $PGN_EXTRACT_BIN (scripts/install-deps.sh installs it; or set PGN_EXTRACT=...)"
    local pe_version
    pe_version=$("$PGN_EXTRACT_BIN" --version 2>&1 | head -n 1) || true

    # Ours: `schach pgn check` when the CLI has it, else BM_PgnValidate.
    local entry name games file round
    printf '[Event "ok"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n' >"$TMP/ok.pgn"
    pgn_mode=gbench
    if [[ -x $CLI_BIN ]] && "$CLI_BIN" pgn check "$TMP/ok.pgn" >"$TMP/probe.out" 2>/dev/null &&
        [[ $(tail -n 1 "$TMP/probe.out") == "1 games, 0 errors" ]]; then
        pgn_mode=cli
    else
        echo "bench.sh: '$CLI_BIN pgn check' not usable; timing schach_bench's BM_PgnValidate instead" >&2
    fi

    # Both must really validate: a king stepping into check (game 2) is an error, game 1 is fine.
    printf '%s\n' '[Event "ok"]' '[Result "*"]' '' '1. e4 e5 2. Nf3 Nc6 *' '' \
        '[Event "illegal"]' '[Result "*"]' '' '1. f3 e5 2. Kf2 Qh4+ 3. Kg3 *' >"$TMP/illegal.pgn"
    if [[ $pgn_mode == cli ]]; then run_pgn_check "$TMP/illegal.pgn"; else run_pgn_gbench "$TMP/illegal.pgn"; fi
    [[ $CHECK_GAMES == 2 && $CHECK_ERRORS == 1 ]] ||
        die "ours does not validate: $CHECK_GAMES games, $CHECK_ERRORS errors on a file with 2 games and 1 illegal move"
    run_pgn_extract "$TMP/illegal.pgn"
    [[ $PE_ERRORS == 1 ]] ||
        die "'$PGN_EXTRACT_BIN -r -s' does not validate: $PE_ERRORS errors on a file with 1 illegal move: $(head -c 300 "$TMP/pe.err")"

    echo "== Schach vs $pe_version: PGN read + full validation, whole commands, best of $ROUNDS (interleaved) =="
    if [[ $pgn_mode == cli ]]; then
        echo "   ours: $CLI_BIN pgn check FILE (all cores: a large file is read in parts, one thread each);"
        echo "   pgn-extract: $PGN_EXTRACT_BIN -r -s FILE (one thread); both whole processes"
    else
        echo "   ours: schach_bench BM_PgnValidate (file already in memory, per pass);"
        echo "   pgn-extract: $PGN_EXTRACT_BIN -r -s FILE (whole process, reads the file)"
    fi
    echo "   ratio = pgn-extract's wall time / ours (what a user waits for); CPU time (user + sys) beside it"
    echo "   both shown to reject an illegal move (king into check) before timing"

    declare -gA pgn_cpu_ours pgn_wall_ours pgn_cpu_pe pgn_wall_pe pgn_games pgn_mb pgn_err_ours pgn_err_pe
    for entry in "${PGN_FILES[@]}"; do
        name=${entry%%|*} games=${entry##*|}
        file=$PGN_DIR/stockfish-selfplay-$name.pgn
        pgn_games[$name]=$games
        pgn_mb[$name]=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.3f", b / 1e6 }')
    done
    # min of two decimal numbers into an associative array entry
    min_dec() { # array-name key value
        local -n a=$1
        if [[ -z ${a[$2]:-} ]] || awk -v x="$3" -v y="${a[$2]}" 'BEGIN { exit !(x < y) }'; then a[$2]=$3; fi
    }
    local round_ratios=() wall_ours_round wall_pe_round set_ratios=() set_files=() set_games=0
    declare -A set_best=()
    for entry in "${PGN_FILES[@]}"; do
        name=${entry%%|*}
        set_files+=("$PGN_DIR/stockfish-selfplay-$name.pgn")
        set_games=$((set_games + pgn_games[$name]))
    done
    for ((round = 1; round <= ROUNDS; ++round)); do
        echo "   round $round/$ROUNDS ..." >&2
        wall_ours_round=0 wall_pe_round=0
        for entry in "${PGN_FILES[@]}"; do
            name=${entry%%|*}
            file=$PGN_DIR/stockfish-selfplay-$name.pgn
            if [[ $pgn_mode == cli ]]; then run_pgn_check "$file"; else run_pgn_gbench "$file"; fi
            [[ $CHECK_GAMES == "${pgn_games[$name]}" ]] ||
                die "ours read $CHECK_GAMES games from $file, expected ${pgn_games[$name]}"
            pgn_err_ours[$name]=$CHECK_ERRORS
            min_dec pgn_cpu_ours "$name" "$RUN_CPU"
            min_dec pgn_wall_ours "$name" "$RUN_WALL"
            wall_ours_round=$(awk -v a="$wall_ours_round" -v b="$RUN_WALL" 'BEGIN { print a + b }')

            run_pgn_extract "$file"
            pgn_err_pe[$name]=$PE_ERRORS
            min_dec pgn_cpu_pe "$name" "$RUN_CPU"
            min_dec pgn_wall_pe "$name" "$RUN_WALL"
            wall_pe_round=$(awk -v a="$wall_pe_round" -v b="$RUN_WALL" 'BEGIN { print a + b }')
        done
        round_ratios+=("$(awk -v o="$wall_ours_round" -v p="$wall_pe_round" 'BEGIN { if (o <= 0) o = 0.001; printf "%.1f", p / o }')")

        # The set: one command of each over all the files, as a user checks a folder.
        if [[ $pgn_mode == cli ]]; then
            run_pgn_check "${set_files[@]}"
            [[ $CHECK_GAMES == "$set_games" && $CHECK_ERRORS == 0 ]] ||
                die "ours read $CHECK_GAMES games and $CHECK_ERRORS errors from the set, expected $set_games and 0"
            min_dec set_best wall_ours "$RUN_WALL"
            min_dec set_best cpu_ours "$RUN_CPU"
            wall_ours_round=$RUN_WALL
            run_pgn_extract "${set_files[@]}"
            ((PE_ERRORS == 0)) || die "pgn-extract found $PE_ERRORS errors in the set"
            min_dec set_best wall_pe "$RUN_WALL"
            min_dec set_best cpu_pe "$RUN_CPU"
            set_ratios+=("$(awk -v o="$wall_ours_round" -v p="$RUN_WALL" 'BEGIN { if (o <= 0) o = 0.001; printf "%.1f", p / o }')")
        fi
    done

    echo
    printf '%-15s %7s %6s | %-27s | %-27s | %s\n' "" "" "" "ours" "pgn-extract" "ratio (pgn-extract / ours)"
    printf '%-15s %7s %6s | %7s %7s %11s | %7s %7s %11s | %7s %7s\n' file MB games "wall s" "CPU s" "MB/s (wall)" \
        "wall s" "CPU s" "MB/s (wall)" wall CPU
    local mb_total=0 games_total=0 wall_ours_total=0 wall_pe_total=0 cpu_ours_total=0 cpu_pe_total=0 bad=0
    for entry in "${PGN_FILES[@]}"; do
        name=${entry%%|*}
        pgn_row "$name" "${pgn_mb[$name]}" "${pgn_games[$name]}" "${pgn_wall_ours[$name]}" "${pgn_cpu_ours[$name]}" \
            "${pgn_wall_pe[$name]}" "${pgn_cpu_pe[$name]}"
        if [[ ${pgn_err_ours[$name]} != 0 || ${pgn_err_pe[$name]} != 0 ]]; then
            echo "   WARNING: $name: ours reported ${pgn_err_ours[$name]} errors, pgn-extract ${pgn_err_pe[$name]} (all games are legal)" >&2
            bad=1
        fi
        mb_total=$(awk -v a="$mb_total" -v b="${pgn_mb[$name]}" 'BEGIN { print a + b }')
        games_total=$((games_total + pgn_games[$name]))
        wall_ours_total=$(awk -v a="$wall_ours_total" -v b="${pgn_wall_ours[$name]}" 'BEGIN { print a + b }')
        wall_pe_total=$(awk -v a="$wall_pe_total" -v b="${pgn_wall_pe[$name]}" 'BEGIN { print a + b }')
        cpu_ours_total=$(awk -v a="$cpu_ours_total" -v b="${pgn_cpu_ours[$name]}" 'BEGIN { print a + b }')
        cpu_pe_total=$(awk -v a="$cpu_pe_total" -v b="${pgn_cpu_pe[$name]}" 'BEGIN { print a + b }')
    done
    pgn_row total "$mb_total" "$games_total" "$wall_ours_total" "$cpu_ours_total" "$wall_pe_total" "$cpu_pe_total"
    round_spread "both files, a command each" "${round_ratios[*]}"
    if [[ $pgn_mode == cli ]]; then
        pgn_row "the set" "$mb_total" "$games_total" "${set_best[wall_ours]}" "${set_best[cpu_ours]}" \
            "${set_best[wall_pe]}" "${set_best[cpu_pe]}"
        echo "the set: each tool once over both files (schach pgn check FILE FILE, pgn-extract -r -s FILE FILE)"
        round_spread "the set" "${set_ratios[*]}"
        pgn_goal "on the set " "${set_best[wall_ours]}" "${set_best[wall_pe]}"
    else
        pgn_goal "" "$wall_ours_total" "$wall_pe_total"
    fi
    ((bad == 0)) || echo "bench.sh: errors reported on legal games (see above)" >&2
}

if [[ $SKIP_PGN != 1 ]]; then
    pgn_comparison
fi

# --- 5. Dead positions: the unwinnability analyzer ---------------------------------------------

# schach_bench's BM_DeadSuite asks can_checkmate for both colours of every position of the CHA
# test vector and of a real-game sample (every 16th lichess position), each question timed alone (thread CPU time)
# with the default limits: average and worst time per question, undetermined answers, and
# contradictions with the labels (an error: there must be none).
dead_benchmark() {
    local json=$TMP/dead.json
    echo "== dead positions: can_checkmate per (position, colour), default limits =="
    SCHACH_DEAD_BENCH=1 SCHACH_DATA_DIR=$DATA_DIR "$BENCH_BIN" --benchmark_filter='^BM_DeadSuite/' \
        --benchmark_format=json >"$json" 2>"$TMP/dead.err" ||
        die "schach_bench BM_DeadSuite failed: $(tail -n 3 "$TMP/dead.err")"
    if grep -q '"error_occurred": true' "$json"; then
        die "schach_bench BM_DeadSuite: $(sed -n 's/.*"error_message": "\(.*\)".*/\1/p' "$json" | head -n 1)"
    fi
    # One line per suite: name questions undetermined contradictions avg_us worst_us.
    awk -F': ' '
        /"name": "BM_DeadSuite\// { gsub(/[",]/, "", $2); split($2, parts, "/"); name = parts[2] }
        name != "" && /"(questions|undetermined|contradictions|avg_us|worst_us)"/ {
            key = $1; gsub(/[" ]/, "", key); value = $2; gsub(",", "", value); v[key] = value
            if (key == "worst_us") {
                printf "%s %.0f %.0f %.0f %.2f %.0f\n", name, v["questions"], v["undetermined"], v["contradictions"], v["avg_us"], v["worst_us"]
                name = ""
            }
        }' "$json" >"$TMP/dead.txt"
    [[ -s $TMP/dead.txt ]] || die "cannot read BM_DeadSuite from schach_bench's JSON output"
    printf '%-16s %10s %13s %15s %14s %14s\n' suite questions undetermined contradictions "avg us/q" "worst us/q"
    local name questions undetermined contradictions avg worst bad=0
    while read -r name questions undetermined contradictions avg worst; do
        printf '%-16s %10s %13s %15s %14s %14s\n' "$name" "$questions" "$undetermined" "$contradictions" "$avg" "$worst"
        ((contradictions == 0)) || bad=1
        if [[ $name == lichess ]]; then
            awk -v a="$avg" 'BEGIN { printf "real games: %.2f us CPU time per question (the goal is on the wall time of schach dead, below)\n", a }'
        fi
    done <"$TMP/dead.txt"
    ((bad == 0)) || die "answers against the labels (unsound or wrong label): see above"
}

# `schach dead --winner W --epd FILE` for both colours over every lichess position, timed as whole
# commands (reading, analysing, printing: what the user waits for), best of BENCH_ROUNDS: the
# average wall time per question and the undetermined answers (goal: <= 30 us, none).
dead_wall() {
    local file=$DATA_DIR/dead/chasolver_lichess.txt winner round total best="" undetermined=0 positions=0 out
    [[ -f $file ]] || { echo "bench.sh: $file is missing: no dead-position timing" >&2; return; }
    echo "== dead positions: schach dead --winner white|black --epd $(basename "$file"), whole commands =="
    for ((round = 1; round <= ROUNDS; ++round)); do
        total=0 undetermined=0 positions=0
        for winner in white black; do
            timed "$TMP/dead.out" "$TMP/dead.err" "$CLI_BIN" dead --winner "$winner" --epd "$file"
            ((RUN_RC == 0)) || die "'$CLI_BIN dead --winner $winner --epd $file' failed (exit $RUN_RC)"
            out=$(tail -n 1 "$TMP/dead.out")
            [[ $out =~ ^([0-9]+)\ positions,\ [0-9]+\ winnable,\ [0-9]+\ unwinnable,\ ([0-9]+)\ undetermined ]] ||
                die "unexpected summary from schach dead: '$out'"
            positions=$((positions + BASH_REMATCH[1]))
            undetermined=$((undetermined + BASH_REMATCH[2]))
            total=$(awk -v a="$total" -v b="$RUN_WALL" 'BEGIN { print a + b }')
        done
        if [[ -z $best ]] || awk -v x="$total" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$total; fi
    done
    awk -v t="$best" -v q="$positions" -v u="$undetermined" 'BEGIN { a = t / q * 1e6;
        printf "%d questions (%d positions x 2 colours): %.3f s wall, %.2f us per question, %d undetermined\n", q, q / 2, t, a, u;
        printf "goal: <= 30 us per question as the user waits, none undetermined: %s\n", (a <= 30 && u == 0) ? "met" : "NOT met" }'
}

if [[ ${BENCH_SKIP_DEAD:-0} != 1 ]]; then
    echo
    dead_benchmark
    echo
    dead_wall
fi

# --- 6. Engine speed: nodes per second against Stockfish on the same positions ----------------
# One search through a UCI conversation: prints "nodes time_ms" of the last info line.
uci_search() {
    local cmd=$1 fen=$2 chess960=$3 movetime=$4
    {
        echo uci
        echo "setoption name Threads value 1"
        echo "setoption name Hash value 16"
        [[ $chess960 == 1 ]] && echo "setoption name UCI_Chess960 value true"
        echo isready
        echo "position fen $fen"
        echo "go movetime $movetime"
        sleep "$(awk -v t="$movetime" 'BEGIN { printf "%.3f", t / 1000 + 0.5 }')"
        echo quit
    } | $cmd 2>/dev/null | awk '
        / nodes / && / time / {
            for (i = 1; i < NF; ++i) { if ($i == "nodes") n = $(i + 1); if ($i == "time") t = $(i + 1) }
        }
        END { if (n == "" || t == "") exit 1; print n, t }'
}

engine_benchmark() {
    local movetime=${BENCH_MOVETIME:-1000}
    [[ $movetime =~ ^[1-9][0-9]*$ ]] || die "BENCH_MOVETIME must be a positive integer, not '$movetime'"
    [[ -x $CLI_BIN ]] || die "$CLI_BIN is missing"
    [[ -x $STOCKFISH ]] || die "Stockfish not found at $STOCKFISH"
    local ours_nodes=0 ours_ms=0 sf_nodes=0 sf_ms=0 count=0 fen chess960 n t fens
    # The positions come from this build's CLI (they belong to the project); the engine under test
    # may be another binary, also an older one without `bench --fens`.
    local fens_bin=$BUILD_DIR/schach
    [[ -x $fens_bin ]] || fens_bin=$CLI_BIN
    fens=$("$fens_bin" bench --fens) || die "$fens_bin bench --fens failed"
    [[ -n $fens ]] || die "$fens_bin bench --fens printed no positions"
    echo "Engine speed: $movetime ms per position, Threads 1, Hash 16, the positions of schach bench"
    while IFS= read -r fen; do
        chess960=0
        # Shredder-FEN castling letters (files, not KQkq) mark the bench's Chess960 positions.
        [[ $(awk '{ print $3 }' <<<"$fen") =~ [A-Ha-h] ]] && chess960=1
        read -r n t < <(uci_search "$CLI_BIN uci" "$fen" "$chess960" "$movetime") || die "schach uci gave no info line for $fen"
        ours_nodes=$((ours_nodes + n)); ours_ms=$((ours_ms + t))
        read -r n t < <(uci_search "$STOCKFISH" "$fen" "$chess960" "$movetime") || die "Stockfish gave no info line for $fen"
        sf_nodes=$((sf_nodes + n)); sf_ms=$((sf_ms + t))
        count=$((count + 1))
    done <<<"$fens"
    awk -v on="$ours_nodes" -v om="$ours_ms" -v sn="$sf_nodes" -v sm="$sf_ms" -v c="$count" 'BEGIN {
        o = on * 1000 / om; s = sn * 1000 / sm
        printf "%-16s %12s %10s %12s\n", "engine", "nodes", "time ms", "nps"
        printf "%-16s %12d %10d %12.0f\n", "schach", on, om, o
        printf "%-16s %12d %10d %12.0f\n", "stockfish 15.1", sn, sm, s
        printf "%d positions: schach / Stockfish = %.2f x the nodes per second\n", c, o / s }'
}

if [[ ${BENCH_SKIP_ENGINE:-0} != 1 ]]; then
    echo
    engine_benchmark
fi

# --- 7. Game review: schach analyse against Stockfish on the same positions ----------------------
review_benchmark() {
    local nodes=${BENCH_REVIEW_NODES:-1000000} plies=80
    local game=$DATA_DIR/pgn/python-chess_nepomniachtchi-liren-game1.pgn
    [[ $nodes =~ ^[1-9][0-9]*$ ]] || die "BENCH_REVIEW_NODES must be a positive integer, not '$nodes'"
    [[ -f $game ]] || die "$game is missing (set SCHACH_DATA_DIR)"
    [[ -x $CLI_BIN ]] || die "$CLI_BIN is missing"
    [[ -x $STOCKFISH ]] || die "Stockfish not found at $STOCKFISH"
    echo "Game review: the first $plies plies of $(basename "$game"), $nodes nodes a position, Threads 1, Hash 64"
    local t0 t1 ours_ns sf_ns positions
    now_ns t0
    "$CLI_BIN" analyse "$game" --nodes "$nodes" --threads 1 --hash 64 --movetime 0 --max-plies "$plies" \
        --lang en --tsv "$TMP/review.tsv" >"$TMP/review.pgn" 2>"$TMP/review.err" ||
        die "schach analyse failed: $(tail -n 3 "$TMP/review.err")"
    now_ns t1
    ours_ns=$((t1 - t0))
    # The same positions: each ply's position before the move, and the one after the last.
    awk -F'\t' 'NR > 1 { print "position fen " $3; last = "position fen " $3 " moves " $4 } END { print last }' \
        "$TMP/review.tsv" >"$TMP/review.positions"
    positions=$(wc -l <"$TMP/review.positions")
    coproc SFREVIEW { "$STOCKFISH"; }
    local line count=0
    {
        echo uci
        echo "setoption name Threads value 1"
        echo "setoption name Hash value 64"
        echo isready
    } >&"${SFREVIEW[1]}"
    while read -r line <&"${SFREVIEW[0]}"; do [[ $line == readyok ]] && break; done
    now_ns t0
    echo ucinewgame >&"${SFREVIEW[1]}"
    while IFS= read -r line; do
        printf '%s\ngo nodes %s\n' "$line" "$nodes" >&"${SFREVIEW[1]}"
        while read -r line <&"${SFREVIEW[0]}"; do [[ $line == bestmove* ]] && break; done
        count=$((count + 1))
    done <"$TMP/review.positions"
    now_ns t1
    sf_ns=$((t1 - t0))
    echo quit >&"${SFREVIEW[1]}"
    wait "$SFREVIEW_PID" 2>/dev/null || true
    [[ $count == "$positions" ]] || die "Stockfish answered $count of $positions positions"
    awk -v o="$ours_ns" -v s="$sf_ns" -v p="$positions" 'BEGIN {
        printf "%-16s %10s %14s\n", "engine", "time s", "ms a position"
        printf "%-16s %10.1f %14.0f\n", "schach analyse", o / 1e9, o / 1e6 / p
        printf "%-16s %10.1f %14.0f\n", "stockfish 15.1", s / 1e9, s / 1e6 / p
        printf "%d positions: Stockfish time / ours = %.2f\n", p, s / o }'
}

if [[ ${BENCH_SKIP_REVIEW:-0} != 1 ]]; then
    echo
    review_benchmark
fi
