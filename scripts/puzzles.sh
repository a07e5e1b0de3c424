#!/usr/bin/env bash
# `make puzzles`: the puzzle collection (data/puzzles/), from games our engine plays itself.
#
#   scripts/puzzles.sh BUILD [run]   plays rounds of games and mines each for puzzles, until
#                                    ROUNDS rounds are done or TARGET puzzles found (Ctrl+C or
#                                    SIGTERM stops it; the same command goes on where it stopped)
#   scripts/puzzles.sh BUILD pack    compresses every finished round's games into
#                                    data/puzzles/games/ (for the repository)
#   scripts/puzzles.sh BUILD count   the puzzles so far, and how many of them are Chess960
#
# A round is one `schach match` between two of our levels (1-8; weak and mid levels make more
# tactical mistakes, so they give more puzzles a CPU second; equal or neighbouring levels keep
# the games balanced, where a jump counts: a side far ahead already gives no puzzle) over GAMES_PER_ROUND games
# in colour-swapped pairs, then `schach puzzles generate` over that round's games. The rounds
# cycle through the pairings of PAIRS and three kinds of starts: the start position (the levels'
# own opening books and their sampling vary the games), the 8-move book 8mvs_+90_+99.epd, and
# Chess960 starts (FRC_openings.epd, `-variant chess960`). Round N's seed is SEED + N, so a round
# played again is the same pairing from the same openings (the levels' own choices are random:
# their seed comes from the clock, so the games themselves differ; the games kept in
# data/puzzles/games/ are what the collection was mined from). Everything runs at
# nice 10.
#
# Files: the games of round N in WORK (default build/puzzles/)/round-NNNN.pgn with the match's
# journal (resumable), the puzzles appended to data/puzzles/puzzles.csv (lichess's columns,
# docs/puzzles.md; GameUrl "round-NNNN.pgn:GAME#PLY") and data/puzzles/puzzles.csv.done (the
# games mined). `pack` keeps each finished round's PGN as data/puzzles/games/round-NNNN.pgn.xz;
# `run` unpacks those into WORK first, so a fresh checkout goes on where the repository stopped.
#
# Variables: ROUNDS (5000), TARGET (3000), GAMES_PER_ROUND (20), PAIRS ("2:2 2:3 1:1"), TC (5+0.05:
# the levels stop at their node caps long before), PREFILTER_NODES (2000), SCAN_NODES (25000),
# SOLVE_NODES (400000), VERIFY_NODES (2000000), SEED (2026), WORK, BOOK_DIR (the data folder's books/),
# THREADS (1: the games mined at once).
#
# The pairings: rounds 1-48 cycled through "3:3 2:3 1:2 2:2 1:1 3:4 4:4" (a lopsided 2:4, tried
# first, gave no puzzle in 7 games: the stronger side was always ahead before the blunder). Their
# puzzles per 1,000 positions mined (docs/puzzles.md): 2:2 1.57, 2:3 1.49, 1:1 1.18, 3:4 0.69,
# 1:2 0.64, 3:3 0.58, 4:4 0.43 (level 3 and 4 games are longer and their blunders rarer); since
# mining costs about the same per position, the three best pairings make 1.5 times the puzzles a
# CPU second of the seven. The games themselves cost little (a round of levels 1-3: a few seconds).
set -euo pipefail

BUILD=${1:-build/release}
WHAT=${2:-run}
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCHACH=${SCHACH:-$BUILD/schach}
ROUNDS=${ROUNDS:-5000}
TARGET=${TARGET:-3000}
GAMES_PER_ROUND=${GAMES_PER_ROUND:-20}
PAIRS=${PAIRS:-"2:2 2:3 1:1"}
TC=${TC:-5+0.05}
PREFILTER_NODES=${PREFILTER_NODES:-2000}
SCAN_NODES=${SCAN_NODES:-25000}
SOLVE_NODES=${SOLVE_NODES:-400000}
VERIFY_NODES=${VERIFY_NODES:-2000000}
SEED=${SEED:-2026}
THREADS=${THREADS:-1}
WORK=${WORK:-build/puzzles}
DATA="$ROOT/data/puzzles"
CSV="$DATA/puzzles.csv"

if [[ -z "${BOOK_DIR:-}" ]]; then
    data=$(sed -n 's/^SCHACH_DATA_DIR:PATH=//p' "$BUILD/CMakeCache.txt" 2>/dev/null || true)
    BOOK_DIR="${data:-$ROOT/../shared/data}/books"
fi
mkdir -p "$WORK" "$DATA/games"

count() { [[ -f "$CSV" ]] && tail -n +2 "$CSV" | grep -c . || echo 0; }

# Round N's PGN file name (four digits, so the files sort).
round_name() { printf 'round-%04d' "$1"; }

unpack() {
    local x base
    for x in "$DATA"/games/*.pgn.xz; do
        [[ -f "$x" ]] || continue
        base=$(basename "$x" .xz)
        [[ -f "$WORK/$base" ]] || xz -dc "$x" > "$WORK/$base"
    done
}

# Plays round N (resumable through its journal) into WORK/round-NNNN.pgn.
play_round() {
    local n=$1 pairs=($PAIRS) pair kind args
    pair=${pairs[$(((n - 1) % ${#pairs[@]}))]}
    kind=$(((n - 1) / ${#pairs[@]} % 3))  # 0: start position, 1: 8-move book, 2: Chess960
    local a=${pair%%:*} b=${pair#*:} name second
    name=$(round_name "$n")
    second="Schach Level $b"
    [[ $a == "$b" ]] && second="Schach Level $b (2)"
    args=(
        -event "schach puzzles $name: level $a - level $b"
        -engine "cmd=$SCHACH" args=uci "name=Schach Level $a" "option.Level=$a"
        -engine "cmd=$SCHACH" args=uci "name=$second" "option.Level=$b"
        -each "tc=$TC" option.Threads=1 option.Hash=16 option.Ponder=false "option.Move Overhead=100" timemargin=100
        -games "$GAMES_PER_ROUND" -concurrency 1 -seed "$((SEED + n))"
        -resign movecount=2 score=400 -draw movenumber=60 movecount=10 score=10
        -pgnout "$WORK/$name.pgn"
    )
    case $kind in
        1) args+=(-openings "file=$BOOK_DIR/8mvs_+90_+99.epd" order=random) ;;
        2) args+=(-variant chess960 -openings "file=$BOOK_DIR/FRC_openings.epd" order=random) ;;
    esac
    echo "puzzles: $name: level $a - level $b, $(case $kind in 0) echo start position;; 1) echo 8-move book;; 2) echo Chess960;; esac)" >&2
    nice -n 10 "$SCHACH" match --lang en "${args[@]}" > "$WORK/$name.md"
}

# Whether round N's games are all played.
round_played() {
    local name
    name=$(round_name "$1")
    [[ -f "$WORK/$name.pgn" ]] && [[ $(grep -c '^\[Event ' "$WORK/$name.pgn" || true) -ge $GAMES_PER_ROUND ]]
}

# Mines round N's games (resumable through puzzles.csv.done).
mine_round() {
    local name
    name=$(round_name "$1")
    nice -n 10 "$SCHACH" puzzles generate "$WORK/$name.pgn" --out "$CSV" --threads "$THREADS" --lang en \
        --prefilter-nodes "$PREFILTER_NODES" --scan-nodes "$SCAN_NODES" --solve-nodes "$SOLVE_NODES" --verify-nodes "$VERIFY_NODES"
}

# Whether round N's games are all mined.
round_mined() {
    local name games mined
    name=$(round_name "$1")
    [[ -f "$WORK/$name.pgn" ]] || return 1
    games=$(grep -c '^\[Event ' "$WORK/$name.pgn" || true)
    mined=$(grep -c "^$name.pgn:" "$CSV.done" 2>/dev/null || true)
    [[ $games -ge $GAMES_PER_ROUND && $mined -ge $games ]]
}

stop=0
trap 'stop=1' INT TERM

case $WHAT in
    run)
        [[ -x "$SCHACH" ]] || { echo "puzzles: $SCHACH not built" >&2; exit 2; }
        unpack
        for ((n = 1; n <= ROUNDS && stop == 0; n++)); do
            round_mined "$n" && continue
            [[ $(count) -ge $TARGET ]] && break
            round_played "$n" || play_round "$n" || [[ $stop == 1 ]] || exit 1
            [[ $stop == 1 ]] && break
            mine_round "$n" || [[ $stop == 1 ]] || exit 1
            echo "puzzles: $(count) puzzles after $(round_name "$n")" >&2
        done
        echo "puzzles: $(count) puzzles in $CSV" >&2
        ;;
    pack)
        for f in "$WORK"/round-*.pgn; do
            [[ -f "$f" ]] || continue
            n=$(basename "$f" .pgn)
            n=$((10#${n#round-}))
            round_mined "$n" || continue
            x="$DATA/games/$(basename "$f").xz"
            [[ -f "$x" ]] && continue
            xz -9 -T1 -c "$f" > "$x.tmp" && mv "$x.tmp" "$x"
            echo "puzzles: packed $x" >&2
        done
        ;;
    count)
        echo "$(count) puzzles, $(grep -c chess960 "$CSV" 2>/dev/null || echo 0) of them Chess960"
        ;;
    *) echo "usage: puzzles.sh BUILD [run|pack|count]" >&2; exit 2 ;;
esac
