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

field() { sed -n 's/.*[ ]'"$2"'=\([^ ]*\).*/\1/p' "$1" | tail -1; }
A="$OUT/abused.txt" L="$OUT/alone.txt"
goals=$(awk -v a_p99="$(field "$A" ack_p99_ms)" -v probe="$(field "$A" probe_p99_ms)" \
        -v refused="$(field "$A" abuse_create_refused)" -v errors="$(field "$A" errors)" \
        -v probes="$(field "$A" probes)" -v queued="$(field "$A" engine_max_queued)" \
        -v wait99="$(field "$A" engine_wait_p99_ms)" -v waitmax="$(field "$A" engine_wait_max_ms)" \
        -v cut="$(field "$A" engine_cut_short)" \
        -v l_acked="$(field "$L" stored_acked)" -v l_missing="$(field "$L" stored_missing)" \
        -v l_unread="$(field "$L" stored_unreadable)" -v l_games="$(field "$L" stored_games)" \
        -v a_acked="$(field "$A" stored_acked)" -v a_missing="$(field "$A" stored_missing)" \
        -v a_unread="$(field "$A" stored_unreadable)" -v a_games="$(field "$A" stored_games)" \
        -v an_games="$(field "$A" abuse_analysis_games)" -v an_ok="$(field "$A" abuse_analysis_accepted)" \
        -v an_refused="$(field "$A" abuse_analysis_refused)" -v an_other="$(field "$A" abuse_analysis_other)" \
        -v b_sent="$(field "$A" abuse_board_sent)" -v b_refused="$(field "$A" abuse_board_refused)" \
        -v b_busy="$(field "$A" abuse_board_busy)" -v b_closed="$(field "$A" abuse_board_closed)" \
        -v b_conn="$(field "$A" abuse_board_connect_refused)" \
        -v bp="$(field "$A" board_probes)" -v bp_refused="$(field "$A" board_probe_refused)" \
        -v bp_fail="$(field "$A" board_probe_failures)" -v bp99="$(field "$A" board_probe_p99_ms)" \
        -v l_peak="$(field "$L" hwm_kib)" -v a_peak="$(field "$A" hwm_kib)" \
        -v a_mid="$(field "$A" rss_mid_kib)" -v a_last="$(field "$A" rss_last_kib)" \
        -v l_mid="$(field "$L" rss_mid_kib)" -v l_last="$(field "$L" rss_last_kib)" \
        -v factor="${SOAK_RSS_FACTOR:-2}" -v growth="${SOAK_RSS_GROWTH:-1.10}" 'BEGIN {
    ok = 1
    printf "- players beside the abusers: ack p99 %s ms (goal < 20 ms), errors %s (goal 0)\n", a_p99, errors
    printf "- every acknowledged move stored (read after the server started again): alone %d of %d moves in %s games, beside the abusers %d of %d in %s games; games unreadable %d and %d (goal: all, 0 unreadable)\n", l_acked - l_missing, l_acked, l_games, a_acked - a_missing, a_acked, a_games, l_unread, a_unread
    printf "- the flood of creations: %s refused with 429 (goal: refused past the limit)\n", refused
    printf "- analyses in a loop with made-up browser ids: %s accepted, %s refused with 429 analysis_limit, %s other answers, over %s finished games (goal: refused past the limit per address, 0 other)\n", an_ok, an_refused, an_other, an_games
    printf "- the analysis board from one address: %s requests, %s refused by the limit per address, %s by a full queue, %s sockets closed for flooding, %s handshakes refused while barred (goal: refused past the limit, the flooder closed)\n", b_sent, b_refused, b_busy, b_closed, b_conn
    printf "- a new player at level 1, 1.e4 to the answer: p99 %s ms over %s games (goal < 2000 ms)\n", probe, probes
    printf "- that player'"'"'s analysis board, request to its first lines: p99 %s ms over %s requests, %s refused, %s without an answer (goal: none refused or unanswered)\n", bp99, bp, bp_refused, bp_fail
    printf "- the engine queue: at most %s waiting at once, wait for a free engine p99 %s ms, max %s ms (given back to the clocks); %s searches cut at their slice for another client\n", queued, wait99, waitmax, cut
    printf "- server memory: peak RSS %.1f MiB alone, %.1f MiB beside the abusers (goal <= %s x alone); mean RSS of the window'"'"'s last third against its middle third: alone %.1f / %.1f MiB, beside the abusers %.1f / %.1f MiB (goal: last <= %s x middle)\n", l_peak / 1024, a_peak / 1024, factor, l_last / 1024, l_mid / 1024, a_last / 1024, a_mid / 1024, growth
    if (a_p99 + 0 >= 20 || errors + 0 != 0 || refused + 0 == 0 || probes + 0 == 0 || probe + 0 >= 2000) ok = 0
    if (l_acked + 0 == 0 || a_acked + 0 == 0 || l_missing + 0 != 0 || a_missing + 0 != 0 || l_unread + 0 != 0 || a_unread + 0 != 0) ok = 0
    if (an_refused + 0 == 0 || an_other + 0 != 0 || b_refused + 0 == 0 || b_closed + 0 == 0) ok = 0
    if (bp + 0 == 0 || bp_refused + 0 != 0 || bp_fail + 0 != 0) ok = 0
    if (l_peak + 0 == 0 || a_peak + 0 > factor * l_peak || a_last + 0 > growth * a_mid || l_last + 0 > growth * l_mid) ok = 0
    print (ok ? "- all goals met" : "- GOAL MISSED")
}')
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
