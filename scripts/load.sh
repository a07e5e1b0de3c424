#!/usr/bin/env bash
# The load test of schach serve (make load): schach-load (tools/load) starts this build's server
# on a fresh database in build/load/<run>/ and plays the games of each run, one after the other.
# With LOAD_CLUSTER=N (make load-cluster) each run is against N nodes on a throw-away PostgreSQL
# behind haproxy instead (schach-load --cluster: scripts/cluster.sh in build/load/<run>/), one
# node killed half-way into the window and started again 6 s later.
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
#   LOAD_ARGS     more options for schach-load (e.g. --server-arg=--game-threads=128, --kill-at 20)
#   LOAD_CLUSTER  nodes of a cluster run (unset or 0: one server); its runs default to "10000x2"
# Results: build/load/<run>.txt (the summary and the machine line) and <run>.json; a copy of each
# summary with the machine's state in docs/load/<run>.md (load-GxS.md, cluster-GxS.md), and
# docs/load/results.md: the tables of every run in docs/load, one for one server and one for the
# clusters (a run made again replaces its row). Exit code 1 when a run had errors.
set -euo pipefail
BUILD=${1:?usage: scripts/load.sh BUILD_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
CLUSTER=${LOAD_CLUSTER:-0}
if [[ $CLUSTER != 0 ]]; then RUNS=${LOAD_RUNS:-10000x2}; else RUNS=${LOAD_RUNS:-1000x2 9500x2 10000x1}; fi
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

# One row of the clusters' table from a run's machine line.
cluster_row() {
    awk -v run="$1" '/^schach-load / {
        for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
        asked = f["games"] * 1000 / f["think_ms"]
        printf "| %s | %d | %d | %d | %.0f | %s | %s / %s | %s / %s | %s at %s s: %s | %.2f / %.2f / %.2f | %.2f / %.2f | %s (%s) | %s | %s / %s / %s %% | %.0f MiB | %s / %s |\n",
            run, f["nodes"], f["games_at_start"], f["sockets"], asked, f["moves_per_s"], f["ack_p50_ms"], f["ack_p99_ms"],
            f["ack_outside_p50_ms"], f["ack_outside_p99_ms"], f["killed"], f["kill_at_s"], f["failover_games"],
            f["failover_p50_ms"] / 1000, f["failover_p99_ms"] / 1000, f["failover_max_ms"] / 1000,
            f["resumed_p50_ms"] / 1000, f["resumed_p99_ms"] / 1000, f["errors"], f["violations"], f["reconnects"],
            f["nodes_cpu_pct"], f["pg_cpu_pct"], f["proxy_cpu_pct"], f["rss_kib"] / 1024, f["load_start"], f["load_end"]
    }' "$2"
}

# The rows of the runs kept in docs/load whose files match $1, each made by $2 (run name, file).
rows() {
    local f
    for f in "$DOCS"/$1; do
        [[ -e $f ]] || continue
        "$2" "$(basename "$f" .md)" "$f"
    done
}

status=0
for run in $RUNS; do
    [[ $run == none ]] && continue  # LOAD_RUNS=none: only the table again
    games=${run%x*}
    sockets=${run#*x}
    flags=()
    [[ $sockets == 1 ]] && flags+=(--one-socket)
    name="load-${games}x${sockets}"
    made_by="make load"
    if [[ $CLUSTER != 0 ]]; then
        # The players from 8 loopback addresses (their ports chosen per destination), 8 HTTP
        # clients for the ramp's creations and joins through the proxy.
        name="cluster-${games}x${sockets}"
        made_by="make load-cluster"
        flags+=(--cluster "$CLUSTER" --source-addresses 8 --http-clients 8)
    fi
    echo "== $name: $games games, $sockets socket(s) each, ${SECONDS_} s (load average now: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    rc=0
    # shellcheck disable=SC2086
    nice -n 0 "$BUILD/tools/load/schach-load" --server "$BUILD/schach" --work-dir "$OUT/$name" --lang en \
        --games "$games" --duration "$SECONDS_" --ramp "$RAMP" --think-ms "$THINK" "${flags[@]}" \
        --json "$OUT/$name.json" --summary "$OUT/$name.txt" $EXTRA > /dev/null || rc=$?
    # A cluster's directory keeps its logs (the database's files are gone with it).
    [[ $CLUSTER != 0 ]] || rm -rf "${OUT:?}/$name"
    ((rc == 0)) || status=1
    {
        echo "## $name (exit code $rc)"
        echo
        echo "Made by \`$made_by\` (scripts/load.sh) on $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')."
        echo "Machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(uname -sr)," \
             "open files per process $(ulimit -Hn), ephemeral ports $(tr '\t' '-' < /proc/sys/net/ipv4/ip_local_port_range)."
        echo "Settings: LOAD_SECONDS=$SECONDS_ LOAD_RAMP=$RAMP LOAD_THINK_MS=$THINK LOAD_ARGS=${EXTRA:-none}; server and tool at nice 0."
        if [[ $CLUSTER != 0 ]]; then
            echo "Cluster: $CLUSTER nodes, PostgreSQL $("${SCHACH_PG_BINDIR:-/usr/lib/postgresql/15/bin}/postgres" --version 2>/dev/null | awk '{print $3}') (fsync on), $(haproxy -v 2>/dev/null | head -1 | awk '{print $1, $3}'); logs in $OUT/$name/."
        fi
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
    rows 'load-*.md' table_row
    echo
    echo "## Clusters"
    echo
    echo "\`make load-cluster\` (\`cluster-GAMESxSOCKETS.md\`): the nodes of this build on one PostgreSQL behind"
    echo "haproxy, all on this machine; the node holding the most games killed (SIGKILL) during the window and"
    echo "started again 6 s later. Ack: every move of the window; outside: without the moves of the killed"
    echo "node's games from the kill to their next ack. Fail-over: per game on the killed node, the kill to its"
    echo "next move acknowledged (its think time included); reconnected: to every socket of it having its state"
    echo "again. Errors include the record's violations (in parentheses; chaos_check). CPU: % of one core."
    echo
    echo "| run | nodes | games | sockets/game | moves/s asked | moves/s done | ack p50 / p99 ms | ack outside the fail-over p50 / p99 ms | killed at, games on it | fail-over p50 / p99 / max s | reconnected p50 / p99 s | errors (violations) | reconnects | CPU nodes / PostgreSQL / haproxy | nodes' RSS | load avg start / end |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    rows 'cluster-*.md' cluster_row
} > "$DOCS/results.md"
cat "$DOCS/results.md"
exit $status
