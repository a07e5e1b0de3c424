#!/usr/bin/env bash
# `make levels`: the Elo of each level (1-8) of our engine, measured by gauntlets, resumable.
#
#   scripts/levels.sh [BUILD_DIR]     (default build/release; `make levels` passes it)
#
# Each level plays GAMES games (default 20, in colour-swapped pairs) against each of its anchors,
# Threads 1, Hash 16, openings from 8mvs_+90_+99.epd. The anchors are Stockfish 15.1 with
# UCI_LimitStrength at a fixed UCI_Elo (1350..2850, its own calibrated scale) and, below that
# range, fairy-stockfish 11.1 at a negative Skill Level (lichess's levels 1-3 use -9, -5, -1).
# Clocks: TC_LOW (default 5+0.05) for levels 1-6, TC (default 10+0.1) for 7 and 8. Both sides'
# strength hardly depends on the clock there: Stockfish's limited strength picks its move at the
# end of iteration 1 + skill (depth 1 at UCI_Elo 1350, 7 at 2000), and our levels stop at their
# node caps; only the top anchors (depth 10 and more) and our levels 7 and 8 need the longer clock. One joint fit over all the games (`schach ratings`, Stockfish's UCI_Elo values as
# anchors) then gives every level, and the fairy-stockfish skills, one Elo on Stockfish's scale.
# Everything goes to OUT (default build/levels/): level-N.pgn with its journal, level-N.md (each
# gauntlet's table) and levels.md (the fit). Started again, each gauntlet goes on where it
# stopped (also with a larger GAMES); delete OUT to start over.
#
# Variables: GAMES, TC, TC_LOW, CONCURRENCY (2), LEVELS ("1 2 3 4 5 6 7 8"), OUT, BOOK, ENGINE (the
# command of the engine under test, default "BUILD_DIR/schach uci"), SEED.
set -euo pipefail

BUILD=${1:-build/release}
GAMES=${GAMES:-20}
TC=${TC:-10+0.1}
TC_LOW=${TC_LOW:-5+0.05}
CONCURRENCY=${CONCURRENCY:-2}
LEVELS=${LEVELS:-"1 2 3 4 5 6 7 8"}
OUT=${OUT:-build/levels}
SEED=${SEED:-1}
SCHACH="$BUILD/schach"
ENGINE=${ENGINE:-"$SCHACH uci"}

source "$(dirname "$0")/match-common.sh"
find_book "$BUILD"

# The anchors of each level: "sf:ELO" (Stockfish 15.1 at UCI_Elo ELO) or "fairy:SKILL"
# (fairy-stockfish at Skill Level SKILL). Two or three near the level's nominal Elo, so that
# every score lies between 10 % and 90 % where a game says most; levels 2 and 3 meet both kinds,
# which ties the fairy-stockfish skills to Stockfish's scale.
anchors_of() {
    case $1 in
        1) echo "fairy:-9 fairy:-5" ;;
        2) echo "fairy:-5 fairy:-1 sf:1350" ;;
        3) echo "fairy:-1 sf:1350" ;;
        4) echo "sf:1350 sf:1600" ;;
        5) echo "sf:1500 sf:1750" ;;
        6) echo "sf:1700 sf:1950" ;;
        7) echo "sf:1900 sf:2150" ;;
        8) echo "sf:2400 sf:2650" ;;  # with the network (the hand-written evaluation: 2303)
        *) echo "levels: no level $1 (1..8)" >&2; exit 2 ;;
    esac
}

fairy_name() { echo "fairy-stockfish 11.1 (Skill $1)"; }

read -r engine_cmd engine_args <<<"$ENGINE"
mkdir -p "$OUT"
declare -A sf_used=()
for level in $LEVELS; do
    tc=$TC
    [[ $level -le 6 ]] && tc=$TC_LOW
    args=(
        -event "schach level $level $tc"
        -engine "cmd=$engine_cmd" "args=$engine_args" "name=Schach Level $level" option.Threads=1
        "option.Move Overhead=100" "option.Level=$level"
    )
    for a in $(anchors_of "$level"); do
        kind=${a%%:*} value=${a#*:}
        if [[ $kind == sf ]]; then
            sf_used[$value]=1
            add_stockfish "$value"
        else
            args+=(-engine cmd=/usr/games/fairy-stockfish "name=$(fairy_name "$value")" option.Threads=1
                   "option.Move Overhead=100" "option.Skill Level=$value")
        fi
    done
    TC=$tc add_common_args "$OUT/level-$level.pgn"
    echo "== level $level: $GAMES games against each of $(anchors_of "$level") at $tc ==" >&2
    "$SCHACH" match --lang en "${args[@]}" >"$OUT/level-$level.md.part"
    mv "$OUT/level-$level.md.part" "$OUT/level-$level.md"
done

# The joint fit over every level played so far (also those of an earlier run).
pgns=()
for f in "$OUT"/level-[1-8].pgn; do [[ -f $f ]] && pgns+=("$f"); done
anchor_args=()
for pgn in "${pgns[@]}"; do
    while IFS= read -r elo; do
        [[ -n ${sf_used[$elo]:-} ]] || sf_used[$elo]=1
    done < <(sed -n 's/^\[\(White\|Black\) "Stockfish 15.1 (\([0-9]*\))"\]$/\2/p' "$pgn" | sort -u)
done
for elo in "${!sf_used[@]}"; do anchor_args+=(--anchor "$(sf_name "$elo")=$elo"); done
{
    echo "Levels of $ENGINE at $TC_LOW (levels 1-6) and $TC (7, 8), Threads 1, Hash 16, openings $(basename "$BOOK")"
    echo "($(date -u +%Y-%m-%d), $(nproc) cores; one fit over all games, Stockfish 15.1's UCI_Elo as anchors, 95 %)"
    echo
    "$SCHACH" ratings --lang en "${anchor_args[@]}" "${pgns[@]}"
} >"$OUT/levels.md.part"
mv "$OUT/levels.md.part" "$OUT/levels.md"
cat "$OUT/levels.md"
