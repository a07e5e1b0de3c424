#!/usr/bin/env bash
# The load test of schach serve (make load): schach-load (tools/load) starts this build's server
# on a fresh database in build/load/<run>/ and plays the games of each run, one after the other.
#
#   scripts/load.sh BUILD_DIR
#
# Environment (the Makefile passes them on):
#   LOAD_RUNS     the runs, GAMESxSOCKETS each (2: a socket per seat, a friend game; 1: both seats
#                 on one socket, a game at one device), default "1000x2 9500x2 10000x1";
#                 "none": only the table of docs/load again
#   LOAD_SECONDS  measured seconds per run after the ramp-up (60)
#   LOAD_RAMP     seconds over which a run's games start (60)
#   LOAD_THINK_MS the mean think time per move (2000: one move per game every ~2 s)
#   LOAD_ARGS     more options for schach-load (e.g. --server-arg=--game-threads=128)
# Results: build/load/<run>.txt (the summary and the machine line) and <run>.json; a copy of each
# summary with the machine's state in docs/load/<run>.md, and docs/load/results.md: the table of
# every run in docs/load (a run made again replaces its row). Exit code 1 when a run had errors.
set -euo pipefail
BUILD=${1:?usage: scripts/load.sh BUILD_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
RUNS=${LOAD_RUNS:-1000x2 9500x2 10000x1}
SECONDS_=${LOAD_SECONDS:-60}
RAMP=${LOAD_RAMP:-60}
THINK=${LOAD_THINK_MS:-2000}
EXTRA=${LOAD_ARGS:-}
OUT=build/load
DOCS=docs/load
mkdir -p "$OUT" "$DOCS"

# One row of the table from a run's machine line (key=value pairs).
table_row() {
    awk -v run="$1" '/^schach-load / {
        for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
        asked = f["games"] * 1000 / f["think_ms"]
        printf "| %s | %d | %d | %.0f | %s | %s / %s | %s / %s | %s / %s | %s | %.0f MiB (%.0f) | %s %% | %s / %s |\n",
            run, f["games_at_start"], f["sockets"], asked, f["moves_per_s"], f["ack_p50_ms"], f["ack_p99_ms"],
            f["seen_p50_ms"], f["seen_p99_ms"], f["ping_p50_ms"], f["ping_p99_ms"], f["errors"],
            f["rss_kib"] / 1024, f["hwm_kib"] / 1024, f["server_cpu_pct"], f["load_start"], f["load_end"]
    }' "$2"
}

status=0
for run in $RUNS; do
    [[ $run == none ]] && continue  # LOAD_RUNS=none: only the table again
    games=${run%x*}
    sockets=${run#*x}
    flags=()
    [[ $sockets == 1 ]] && flags+=(--one-socket)
    name="load-${games}x${sockets}"
    echo "== $name: $games games, $sockets socket(s) each, ${SECONDS_} s (load average now: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    rc=0
    # shellcheck disable=SC2086
    nice -n 0 "$BUILD/tools/load/schach-load" --server "$BUILD/schach" --work-dir "$OUT/$name" --lang en \
        --games "$games" --duration "$SECONDS_" --ramp "$RAMP" --think-ms "$THINK" "${flags[@]}" \
        --json "$OUT/$name.json" --summary "$OUT/$name.txt" $EXTRA > /dev/null || rc=$?
    rm -rf "${OUT:?}/$name"
    ((rc == 0)) || status=1
    {
        echo "## $name (exit code $rc)"
        echo
        echo "Made by \`make load\` (scripts/load.sh) on $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')."
        echo "Machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(uname -sr)," \
             "open files per process $(ulimit -Hn), ephemeral ports $(tr '\t' '-' < /proc/sys/net/ipv4/ip_local_port_range)."
        echo "Settings: LOAD_SECONDS=$SECONDS_ LOAD_RAMP=$RAMP LOAD_THINK_MS=$THINK LOAD_ARGS=${EXTRA:-none}; server and tool at nice 0."
        echo
        echo '```'
        cat "$OUT/$name.txt"
        echo '```'
    } > "$DOCS/$name.md"
    cat "$OUT/$name.txt"
done

# The table of every run kept in docs/load (its machine line is the last line of its code block).
{
    echo "# schach-load results"
    echo
    echo "One row per run in this directory (\`load-GAMESxSOCKETS.md\`, each with its full summary and"
    echo "the machine's state); \`make load\` (scripts/load.sh) makes them. Games: those playing when the"
    echo "measured window opened; ping: the transport's floor (no game, no store)."
    echo
    echo "| run | games | sockets/game | moves/s asked | moves/s done | ack p50 / p99 ms | seen p50 / p99 ms | ping p50 / p99 ms | errors | server RSS (peak) | server CPU | load avg start / end |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
    for f in "$DOCS"/load-*.md; do
        [[ -e $f ]] || continue
        n=$(basename "$f" .md)
        table_row "$n" "$f"
    done
} > "$DOCS/results.md"
cat "$DOCS/results.md"
exit $status
