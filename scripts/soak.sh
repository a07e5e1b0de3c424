#!/usr/bin/env bash
# The soak and abuse test of schach serve (make soak, issue #27): the same normal players twice
# against a fresh server with its default limits, first alone, then beside the abusers of
# tools/load/abuse.hpp (1,100 idle connections from one address, 300 game creations at level 8
# from another, WebSocket floods, and a new player's level-1 game every 3 s whose answer to 1.e4
# is timed). The players come from 100 loopback addresses, as many clients would.
#
#   scripts/soak.sh BUILD_DIR
#
# Environment: SOAK_GAMES (200), SOAK_SECONDS (60), SOAK_RAMP (20), SOAK_THINK_MS (2000),
# SOAK_IDLE (1100), SOAK_CREATIONS (300), SOAK_FLOODERS (4), SOAK_PROBE_MS (3000).
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
    --abuse-flooders "${SOAK_FLOODERS:-4}" --probe-ms "${SOAK_PROBE_MS:-3000}" || status=1

field() { sed -n 's/.*[ ]'"$2"'=\([^ ]*\).*/\1/p' "$1" | tail -1; }
goals=$(awk -v a_p99="$(field "$OUT/abused.txt" ack_p99_ms)" -v probe="$(field "$OUT/abused.txt" probe_p99_ms)" \
        -v refused="$(field "$OUT/abused.txt" abuse_create_refused)" -v errors="$(field "$OUT/abused.txt" errors)" \
        -v probes="$(field "$OUT/abused.txt" probes)" -v queued="$(field "$OUT/abused.txt" engine_max_queued)" \
        -v wait99="$(field "$OUT/abused.txt" engine_wait_p99_ms)" -v waitmax="$(field "$OUT/abused.txt" engine_wait_max_ms)" \
        -v cut="$(field "$OUT/abused.txt" engine_cut_short)" 'BEGIN {
    ok = 1
    printf "- players beside the abusers: ack p99 %s ms (goal < 20 ms), errors %s (goal 0)\n", a_p99, errors
    printf "- the flood of creations: %s refused with 429 (goal: refused past the limit)\n", refused
    printf "- a new player at level 1, 1.e4 to the answer: p99 %s ms over %s games (goal < 2000 ms)\n", probe, probes
    printf "- the engine queue: at most %s waiting at once, wait for a free engine p99 %s ms, max %s ms (given back to the clocks); %s searches cut at their slice for another client\n", queued, wait99, waitmax, cut
    if (a_p99 + 0 >= 20 || errors + 0 != 0 || refused + 0 == 0 || probes + 0 == 0 || probe + 0 >= 2000) ok = 0
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
