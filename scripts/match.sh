#!/usr/bin/env bash
# `make match`: a gauntlet of our engine (`schach uci`) against the Debian engines, resumable.
#
#   scripts/match.sh [BUILD_DIR]     (default build/release; `make match` passes it)
#
# Opponents: Glaurung 2.2, Toga II 3.0, Ethereal 12 and Stockfish 15.1 at a few UCI_Elo levels.
# The first three play GAMES games each (default 400, in pairs on one opening with colours
# swapped), the Stockfish levels SF_GAMES each (default 100, at most GAMES), against ours
# at TC (default 10+0.1: 10 s + 0.1 s, cutechess style), Threads 1, Hash 16, openings drawn from
# 8mvs_+90_+99.epd, CONCURRENCY (default 2) games at a time; wins adjudicated after 3 moves at
# >= 400 cp by both engines, draws from move 40 after 8 moves at <= 10 cp (OpenBench's rules).
# Everything goes to OUT (default build/match/): gauntlet.pgn, its journal, results.md. Started
# again, the run goes on where it stopped (also with a larger GAMES or SF_GAMES); delete OUT to
# start over. After the games, results.md gets the engine's speed beside Stockfish 15.1's
# (scripts/bench.sh step 6: the bench positions through UCI, NPS_MOVETIME ms each, default 1000;
# NPS_MOVETIME=0 leaves it out). The default run, 1,400 games, takes about 6 hours on 2 cores.
#
# Variables: GAMES, SF_GAMES, TC, CONCURRENCY, ELOS ("2500 2850", the levels the issue names), OUT, BOOK, ENGINE (the
# command of the engine under test, default "BUILD_DIR/schach uci"), SEED, NPS_MOVETIME.
#
# The quirks of the anchors (see /work/shared/docs/engine.md) are handled here:
#   Glaurung 2.2   defaults to Threads 2 and OwnBook true (with no book file): Threads 1, no book.
#   Toga II 3.0    its thread option is "Number of Threads"; OwnBook off; it ignores `go nodes`
#                  and plays depth-1 moves once under ~1 s, so its base time must be >= 5 s.
#   Ethereal 12    `go nodes` stops at depth 1 (so time controls only); MoveOverhead 100 stays.
#   Stockfish 15.1 UCI_LimitStrength + UCI_Elo (1350..2850); Move Overhead 100 like Ethereal's, as
#                  the default 10 ms lost on time on our shared, busy 2 cores (1 of 12 games).
set -euo pipefail

BUILD=${1:-build/release}
GAMES=${GAMES:-400}
SF_GAMES=${SF_GAMES:-100}
TC=${TC:-10+0.1}
CONCURRENCY=${CONCURRENCY:-2}
ELOS=${ELOS:-"2500 2850"}
OUT=${OUT:-build/match}
SEED=${SEED:-1}
SCHACH="$BUILD/schach"
ENGINE=${ENGINE:-"$SCHACH uci"}

source "$(dirname "$0")/match-common.sh"
find_book "$BUILD"

# Toga's base time: the first number of the control, in seconds (cutechess style "[moves/]base+inc").
base=${TC#*/}
base=${base%%+*}
if awk -v b="$base" 'BEGIN { exit !(b < 5) }'; then
    echo "match: TC=$TC gives Toga II less than 5 s; it would play depth-1 moves (use a base of 5 s or more)" >&2
    exit 2
fi

read -r engine_cmd engine_args <<<"$ENGINE"
mkdir -p "$OUT"
args=(
    -event "schach gauntlet $TC"
    -engine "cmd=$engine_cmd" "args=$engine_args" name=Schach option.Threads=1 "option.Move Overhead=100"
    -engine cmd=/usr/games/glaurung "name=Glaurung 2.2" option.Threads=1 option.OwnBook=false
    -engine cmd=/usr/games/toga2 "name=Toga II 3.0" "option.Number of Threads=1" option.OwnBook=false
    -engine cmd=/usr/games/ethereal-chess "name=Ethereal 12" option.Threads=1
)
# A cap at GAMES itself would be no cap: games= only where it is smaller (the same arguments either way).
sf_cap=()
if ((SF_GAMES < GAMES)); then sf_cap=("games=$SF_GAMES"); fi
for elo in $ELOS; do add_stockfish "$elo" "${sf_cap[@]}"; done
add_common_args "$OUT/gauntlet.pgn"
{
    echo "Gauntlet of $ENGINE at $TC, Threads 1, Hash 16, $GAMES games per opponent (Stockfish $((SF_GAMES < GAMES ? SF_GAMES : GAMES))), openings $(basename "$BOOK")"
    echo "($(date -u +%Y-%m-%d), $(nproc) cores; Elo and error from the game pairs, 95 %)"
    echo
    "$SCHACH" match --lang en "${args[@]}"
    if [[ ${NPS_MOVETIME:-1000} != 0 ]]; then
        echo
        if [[ $engine_args == uci ]]; then
            echo '```'
            BENCH_SKIP_GBENCH=1 BENCH_SKIP_PERFT=1 BENCH_SKIP_PGN=1 BENCH_SKIP_DEAD=1 \
                BENCH_MOVETIME=${NPS_MOVETIME:-1000} SCHACH_CLI="$engine_cmd" bash "$(dirname "$0")/bench.sh" "$BUILD" ||
                echo "(speed: scripts/bench.sh failed, see its message above; the match's table stands)"
            echo '```'
        else
            echo "(speed: ENGINE is not 'PROGRAM uci', so scripts/bench.sh cannot measure it)"
        fi
    fi
} | tee "$OUT/results.md.part"
# Only a finished run replaces the table (a refused start leaves the last one).
mv "$OUT/results.md.part" "$OUT/results.md"
