#!/usr/bin/env bash
# The soak and abuse test of schach serve (make soak, issue #27): the same normal players twice
# against a fresh server with its default limits, first alone, then beside the abusers of
# tools/load/abuse.hpp (1,100 idle connections from one address, 300 game creations at level 8
# from another, WebSocket floods, analyses of finished games asked for in a loop with made-up
# browser ids, the analysis board's socket from 8 sockets at once and one flooding, and a new
# player's level-1 game every 3 s whose answer to 1.e4 is timed, then its analysis board). The
# players come from 100 loopback addresses, as many clients would. After each run every move a
# player got acknowledged is looked up in the record (the server started again on its database),
# and the server's RSS is sampled once a second over the window.
#
#   scripts/soak.sh BUILD_DIR
#
# Environment: SOAK_GAMES (200), SOAK_SECONDS (60), SOAK_RAMP (20), SOAK_THINK_MS (2000),
# SOAK_IDLE (1100), SOAK_CREATIONS (300), SOAK_FLOODERS (4), SOAK_PROBE_MS (3000),
# SOAK_ANALYSIS_MS (50), SOAK_BOARDS (8). The memory goal: the peak RSS beside the abusers at most
# SOAK_RSS_FACTOR (2) times the players' alone, and the last third of the window's samples at
# most SOAK_RSS_GROWTH (1.10) times the middle third (not still growing).
# Results: build/soak/{alone,abused}.txt and docs/load/soak.md (both summaries and the goals).
# Exit code 1 when the players had errors or a goal was missed.
set -euo pipefail
BUILD=${1:?usage: scripts/soak.sh BUILD_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
GAMES=${SOAK_GAMES:-200}
SECS=${SOAK_SECONDS:-60}
RAMP=${SOAK_RAMP:-20}
THINK=${SOAK_THINK_MS:-2000}
OUT=build/soak
mkdir -p "$OUT" docs/load
common=(--server "$BUILD/schach" --limits --source-addresses 100 --http-clients 16 --games "$GAMES"
        --duration "$SECS" --ramp "$RAMP" --think-ms "$THINK" --lang en)
status=0
echo "soak: $GAMES games alone for ${SECS} s"
"$BUILD/tools/load/schach-load" "${common[@]}" --summary "$OUT/alone.txt" || status=1
echo "soak: $GAMES games beside the abusers for ${SECS} s"
"$BUILD/tools/load/schach-load" "${common[@]}" --summary "$OUT/abused.txt" --abuse \
    --abuse-idle "${SOAK_IDLE:-1100}" --abuse-creations "${SOAK_CREATIONS:-300}" \
    --abuse-flooders "${SOAK_FLOODERS:-4}" --probe-ms "${SOAK_PROBE_MS:-3000}" \
    --abuse-analysis-ms "${SOAK_ANALYSIS_MS:-50}" --abuse-boards "${SOAK_BOARDS:-8}" || status=1

# The goals, from the machine lines of both summaries: each key=value of a file, the last one
# of a key winning, as a[key] (beside the abusers) and l[key] (alone).
goals=$(awk -v factor="${SOAK_RSS_FACTOR:-2}" -v growth="${SOAK_RSS_GROWTH:-1.10}" '
    FNR == 1 { file++ }
    {
        for (i = 1; i <= NF; i++) {
            eq = index($i, "=")
            if (eq < 2) continue
            key = substr($i, 1, eq - 1); value = substr($i, eq + 1)
            if (file == 1) l[key] = value; else a[key] = value
        }
    }
    END {
    ok = 1
    printf "- players beside the abusers: ack p99 %s ms (goal < 20 ms), errors %s (goal 0)\n", a["ack_p99_ms"], a["errors"]
    printf "- every acknowledged move stored (read after the server started again): alone %d of %d moves in %s games, beside the abusers %d of %d in %s games; games unreadable %d and %d (goal: all, 0 unreadable)\n", l["stored_acked"] - l["stored_missing"], l["stored_acked"], l["stored_games"], a["stored_acked"] - a["stored_missing"], a["stored_acked"], a["stored_games"], l["stored_unreadable"], a["stored_unreadable"]
    printf "- the flood of creations: %s refused with 429 (goal: refused past the limit)\n", a["abuse_create_refused"]
    printf "- analyses in a loop with made-up browser ids: %s accepted, %s refused with 429 analysis_limit, %s other answers, over %s finished games (goal: refused past the limit per address, 0 other)\n", a["abuse_analysis_accepted"], a["abuse_analysis_refused"], a["abuse_analysis_other"], a["abuse_analysis_games"]
    printf "- the analysis board from one address: %s requests, %s refused by the limit per address, %s by a full queue, %s sockets closed for flooding, %s handshakes refused while barred (goal: refused past the limit, the flooder closed)\n", a["abuse_board_sent"], a["abuse_board_refused"], a["abuse_board_busy"], a["abuse_board_closed"], a["abuse_board_connect_refused"]
    printf "- a new player at level 1, 1.e4 to the answer: p99 %s ms over %s games (goal < 2000 ms)\n", a["probe_p99_ms"], a["probes"]
    printf "- that player'"'"'s analysis board, request to its first lines: p99 %s ms over %s requests, %s refused, %s without an answer (goal: none refused or unanswered)\n", a["board_probe_p99_ms"], a["board_probes"], a["board_probe_refused"], a["board_probe_failures"]
    printf "- the engine queue: at most %s waiting at once, wait for a free engine p99 %s ms, max %s ms (given back to the clocks); %s searches cut at their slice for another client\n", a["engine_max_queued"], a["engine_wait_p99_ms"], a["engine_wait_max_ms"], a["engine_cut_short"]
    printf "- server memory: peak RSS %.1f MiB alone, %.1f MiB beside the abusers (goal <= %s x alone); mean RSS of the window'"'"'s last third against its middle third: alone %.1f / %.1f MiB, beside the abusers %.1f / %.1f MiB (goal: last <= %s x middle)\n", l["hwm_kib"] / 1024, a["hwm_kib"] / 1024, factor, l["rss_last_kib"] / 1024, l["rss_mid_kib"] / 1024, a["rss_last_kib"] / 1024, a["rss_mid_kib"] / 1024, growth
    if (a["ack_p99_ms"] + 0 >= 20 || a["errors"] + 0 != 0 || a["abuse_create_refused"] + 0 == 0 || a["probes"] + 0 == 0 || a["probe_p99_ms"] + 0 >= 2000) ok = 0
    if (l["stored_acked"] + 0 == 0 || a["stored_acked"] + 0 == 0 || l["stored_missing"] + 0 != 0 || a["stored_missing"] + 0 != 0 || l["stored_unreadable"] + 0 != 0 || a["stored_unreadable"] + 0 != 0) ok = 0
    if (a["abuse_analysis_refused"] + 0 == 0 || a["abuse_analysis_other"] + 0 != 0 || a["abuse_board_refused"] + 0 == 0 || a["abuse_board_closed"] + 0 == 0) ok = 0
    if (a["board_probes"] + 0 == 0 || a["board_probe_refused"] + 0 != 0 || a["board_probe_failures"] + 0 != 0) ok = 0
    if (l["hwm_kib"] + 0 == 0 || a["hwm_kib"] + 0 > factor * l["hwm_kib"] || a["rss_last_kib"] + 0 > growth * a["rss_mid_kib"] || l["rss_last_kib"] + 0 > growth * l["rss_mid_kib"]) ok = 0
    print (ok ? "- all goals met" : "- GOAL MISSED")
}' "$OUT/alone.txt" "$OUT/abused.txt")
{
    echo "# Soak and abuse test ($(date -u +%Y-%m-%d), \`make soak\`)"
    echo
    echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $GAMES games from 100 addresses, ${SECS} s measured."
    echo
    echo "## Goals"
    echo
    echo "$goals"
    echo
    echo "## The players alone"
    echo
    echo '```'
    cat "$OUT/alone.txt"
    echo '```'
    echo
    echo "## The players beside the abusers"
    echo
    echo '```'
    cat "$OUT/abused.txt"
    echo '```'
} > docs/load/soak.md
echo "$goals"
echo "soak: docs/load/soak.md"
grep -q "GOAL MISSED" <<<"$goals" && status=1
exit $status
