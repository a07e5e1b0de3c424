#!/usr/bin/env bash
# `make puzzles-check`: an outside judge of the collection. A random SAMPLE (200) of
# data/puzzles/puzzles.csv, each solver move searched by Stockfish 15.1 (STOCKFISH,
# /usr/games/stockfish) with MultiPV 2 to DEPTH (20). A puzzle passes when every solver move
# either mates at once, or is Stockfish's first choice and the only winning one: the second line
# (if any) neither mates for the solver nor reaches +200 cp. Prints each failure and the share
# that passes; the table of results goes to OUT (build/puzzles/check.md).
#
#   scripts/puzzles-check.sh [CSV]    (default data/puzzles/puzzles.csv)
#
# Variables: SAMPLE, DEPTH, SEED (1: the same sample of the same file every time), STOCKFISH,
# HASH (64 MB), OUT. Runs at nice 10 on one thread.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CSV=${1:-$ROOT/data/puzzles/puzzles.csv}
SAMPLE=${SAMPLE:-200}
DEPTH=${DEPTH:-20}
SEED=${SEED:-1}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
HASH=${HASH:-64}
OUT=${OUT:-build/puzzles/check.md}
mkdir -p "$(dirname "$OUT")"

[[ -f "$CSV" ]] || { echo "puzzles-check: no $CSV" >&2; exit 2; }
[[ -x "$STOCKFISH" ]] || { echo "puzzles-check: no $STOCKFISH" >&2; exit 2; }

coproc SF { exec nice -n 10 "$STOCKFISH"; }
sf_in=${SF[1]}
sf_out=${SF[0]}

send() { printf '%s\n' "$*" >&"$sf_in"; }
# Reads Stockfish's output up to the line starting with $1.
wait_for() {
    local line
    while IFS= read -r line <&"$sf_out"; do
        [[ $line == "$1"* ]] && return 0
    done
    return 1
}

send uci
wait_for uciok
send "setoption name Threads value 1"
send "setoption name Hash value $HASH"
send "setoption name MultiPV value 2"
send "setoption name UCI_Chess960 value true"
send isready
wait_for readyok

# Searches `position fen $1 moves $2` to DEPTH; sets first_move, first_kind/first_value,
# second_move, second_kind/second_value (kind "cp" or "mate", "" for no line), from the last
# info line of each MultiPV.
search() {
    local fen=$1 moves=$2 line
    first_move="" first_kind="" first_value="" second_move="" second_kind="" second_value=""
    send ucinewgame
    if [[ -n "$moves" ]]; then send "position fen $fen moves $moves"; else send "position fen $fen"; fi
    send "go depth $DEPTH"
    while IFS= read -r line <&"$sf_out"; do
        if [[ $line == bestmove* ]]; then break; fi
        [[ $line == info*" multipv "*" pv "* ]] || continue
        [[ $line == *" lowerbound"* || $line == *" upperbound"* ]] && continue
        local pv=${line#* pv } mpv kind value
        mpv=$(sed -E 's/.* multipv ([0-9]+) .*/\1/' <<<"$line")
        kind=$(sed -E 's/.* score (cp|mate) (-?[0-9]+).*/\1/' <<<"$line")
        value=$(sed -E 's/.* score (cp|mate) (-?[0-9]+).*/\2/' <<<"$line")
        if [[ $mpv == 1 ]]; then first_move=${pv%% *} first_kind=$kind first_value=$value
        else second_move=${pv%% *} second_kind=$kind second_value=$value; fi
    done
}

# Whether the position after `moves` is checkmate (Stockfish: no move, score mate 0).
is_mate() {
    local fen=$1 moves=$2 line mated=0
    send "position fen $fen moves $moves"
    send "go depth 1"
    while IFS= read -r line <&"$sf_out"; do
        [[ $line == *"score mate 0"* ]] && mated=1
        if [[ $line == bestmove* ]]; then
            [[ $line == "bestmove (none)"* && $mated == 1 ]]
            return
        fi
    done
    return 1
}

total=0 passed=0
failures=()
# The sample: SEED-ed shuffle of the data lines.
mapfile -t lines < <(tail -n +2 "$CSV" | grep . | shuf -n "$SAMPLE" --random-source=<(yes "$SEED"))
for row in "${lines[@]}"; do
    IFS=, read -r id fen moves _ <<<"$row"
    read -r -a mv <<<"$moves"
    ok=1 why=""
    played="${mv[0]}"
    for ((i = 1; i < ${#mv[@]}; i += 2)); do
        solver=${mv[i]}
        if is_mate "$fen" "$played $solver"; then
            :  # a mate on the board: right whatever else mates
        else
            search "$fen" "$played"
            if [[ $first_move != "$solver" ]]; then
                ok=0 why="move $(((i + 1) / 2)): $solver, Stockfish $first_move ($first_kind $first_value)"
                break
            fi
            if [[ -n $second_move ]] && { [[ $second_kind == mate && $second_value -gt 0 ]] ||
                                          [[ $second_kind == cp && $second_value -ge 200 ]]; }; then
                ok=0 why="move $(((i + 1) / 2)): $solver ($first_kind $first_value), also $second_move ($second_kind $second_value)"
                break
            fi
        fi
        played="$played $solver"
        [[ $((i + 1)) -lt ${#mv[@]} ]] && played="$played ${mv[i + 1]}"
    done
    total=$((total + 1))
    if [[ $ok == 1 ]]; then passed=$((passed + 1)); else failures+=("$id: $why"); echo "puzzles-check: $id fails: $why" >&2; fi
done
send quit

share=$(awk -v p="$passed" -v t="$total" 'BEGIN { printf "%.1f", t ? 100 * p / t : 0 }')
{
    echo "# Stockfish check of $(basename "$CSV") ($(date -u +%Y-%m-%d))"
    echo
    echo "$total puzzles of $(($(wc -l <"$CSV") - 1)) (seed $SEED), Stockfish 15.1 at depth $DEPTH, MultiPV 2:"
    echo "**$passed pass ($share %)**."
    echo
    for f in "${failures[@]}"; do echo "- $f"; done
} > "$OUT"
echo "puzzles-check: $passed of $total pass ($share %); $OUT" >&2
