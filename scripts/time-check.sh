#!/usr/bin/env bash
# `make time-check`: does our engine ever lose on time at a fast control? Exits 1 if it did.
#
#   scripts/time-check.sh [BUILD_DIR]     (default build/release)
#
# GAMES games (default 100) against each of Glaurung 2.2 and Stockfish 15.1 (full strength) at TC
# (default 1+0.01: one second and 10 ms a move), CONCURRENCY (2) at a time, with no time margin for
# us (a move 1 ms late loses), Move Overhead at our default. Games in OUT (build/time-check/),
# resumable. The issue asks: never a loss on time at 1+0.01.
set -euo pipefail

BUILD=${1:-build/release}
GAMES=${GAMES:-100}
TC=${TC:-1+0.01}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-build/time-check}
SEED=${SEED:-1}
SCHACH="$BUILD/schach"
ENGINE=${ENGINE:-"$SCHACH uci"}
source "$(dirname "$0")/match-common.sh"
find_book "$BUILD"

read -r engine_cmd engine_args <<<"$ENGINE"
mkdir -p "$OUT"
args=(
    -event "schach time check $TC"
    -engine "cmd=$engine_cmd" "args=$engine_args" name=Schach option.Threads=1 timemargin=0
    -engine cmd=/usr/games/glaurung "name=Glaurung 2.2" option.Threads=1 option.OwnBook=false
    -engine cmd=/usr/games/stockfish "name=Stockfish 15.1" option.Threads=1 "option.Move Overhead=100"
)
# Ours gets no margin (an engine's own keys apply over -each's): the runner's clock is the referee.
add_common_args "$OUT/games.pgn"
"$SCHACH" match --lang en "${args[@]}" | tee "$OUT/results.md.part"
mv "$OUT/results.md.part" "$OUT/results.md"

# Our losses on time: games ended by a time forfeit that Schach lost.
lost=$(awk '/^\[White /{w=$0} /^\[Black /{b=$0} /^\[Result /{r=$0}
            /^\[Termination "time forfeit"\]/{ if ((w ~ /"Schach"/ && r ~ /"0-1"/) || (b ~ /"Schach"/ && r ~ /"1-0"/)) n++ }
            END {print n+0}' "$OUT/games.pgn")
echo "Schach lost on time: $lost"
[[ $lost -eq 0 ]]
