#!/usr/bin/env bash
# `make review-check`: the method check of `schach analyse` against Stockfish 15.1.
#
#   scripts/review-check.sh [BUILD_DIR]     (default build/release; `make review-check` passes it)
#
# 1. Games between weak engines (`schach match`): Stockfish 15.1 at Skill Level 0 against Stockfish
#    at Skill Level 1, 2 and 3 and fairy-stockfish at Skill Level -5 and -1 (lichess's weakest
#    levels), GAMES per pairing (default 4: 20 games) at TC (5+0.05), from the start position, no
#    resign adjudication (the blunders of a lost game count too).
# 2. `schach analyse` reviews them at the default budget (NODES, 1,000,000 a position), one thread,
#    with --tsv: one line per ply (FEN, move, our evaluations and judgement).
# 3. Stockfish 15.1 (Threads 1, Hash 64) searches every position of those games to DEPTH (16) and
#    judges the same moves by the same scale (lichess's: drop of the mover's winning chances
#    >= 0.1 / 0.2 / 0.3, the mate rules; the engine's own best move is never judged, as in ours).
# 4. Prints and writes OUT/results.md: of Stockfish's blunders, the share we flag (inaccuracy or
#    worse; goal >= 85 %); of our blunders, the share Stockfish judges fine (goal <= 10 %); and the
#    agreement table. Each step is skipped when its output exists (delete OUT to start over).
#
# Variables: GAMES, TC, NODES, DEPTH, CONCURRENCY (1), OUT (build/review-check), STOCKFISH, FAIRY.
# Long (about an hour on two busy cores): run it under `nice`.
set -euo pipefail
export LC_NUMERIC=C

BUILD=${1:-build/release}
GAMES=${GAMES:-4}
TC=${TC:-5+0.05}
NODES=${NODES:-1000000}
DEPTH=${DEPTH:-16}
CONCURRENCY=${CONCURRENCY:-1}
OUT=${OUT:-build/review-check}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
SCHACH="$BUILD/schach"

die() {
    echo "review-check: $*" >&2
    exit 2
}
[[ -x $SCHACH ]] || die "$SCHACH is missing: build first"
[[ -x $STOCKFISH ]] || die "Stockfish not found at $STOCKFISH"
[[ -x $FAIRY ]] || die "fairy-stockfish not found at $FAIRY"
mkdir -p "$OUT"

# --- 1. The games ---------------------------------------------------------------------------------
if [[ ! -s $OUT/games.pgn || -f $OUT/games.pgn.journal ]]; then
    echo "== games: $((5 * GAMES)) between weak engines at $TC ==" >&2
    engines=()
    for skill in 0 1 2 3; do
        engines+=(-engine "cmd=$STOCKFISH" "name=Stockfish 15.1 (Skill $skill)" "option.Skill Level=$skill")
    done
    "$SCHACH" match --lang en "${engines[@]}" \
        -engine "cmd=$FAIRY" "name=fairy-stockfish (Skill -5)" "option.Skill Level=-5" \
        -engine "cmd=$FAIRY" "name=fairy-stockfish (Skill -1)" "option.Skill Level=-1" \
        -each "tc=$TC" option.Threads=1 option.Hash=16 "option.Move Overhead=100" timemargin=200 \
        -gauntlet -games "$GAMES" -concurrency "$CONCURRENCY" -event "schach review check" \
        -pgnout "$OUT/games.pgn" >"$OUT/match.md"
    rm -f "$OUT/games.pgn.journal"
fi

# --- 2. Our review ---------------------------------------------------------------------------------
if [[ ! -s $OUT/ours.tsv ]]; then
    echo "== schach analyse at $NODES nodes a position ==" >&2
    "$SCHACH" analyse "$OUT/games.pgn" --nodes "$NODES" --threads 1 --lang en --tsv "$OUT/ours.tsv.part" \
        >"$OUT/analysed.pgn" 2>"$OUT/analyse.log"
    mv "$OUT/ours.tsv.part" "$OUT/ours.tsv"
fi

# --- 3. Stockfish at depth 16 ----------------------------------------------------------------------
# Sets KIND (cp, mate, mated) and VALUE (White's view; mated: +1 when White has mated) and BEST.
coproc SF { "$STOCKFISH"; }
send() { echo "$1" >&"${SF[1]}"; }
wait_for() {
    local line
    while read -r line <&"${SF[0]}"; do [[ $line == "$1"* ]] && return 0; done
    die "Stockfish ended"
}
send uci
wait_for uciok
send "setoption name Threads value 1"
send "setoption name Hash value 64"
send isready
wait_for readyok

search() {  # $1: the position command, $2: the side to move (w or b)
    local line kind="" value="" sign=1
    [[ $2 == b ]] && sign=-1
    send "$1"
    send "go depth $DEPTH"
    while read -r line <&"${SF[0]}"; do
        if [[ $line == info*" score "* && $line != *bound* && $line =~ score\ (cp|mate)\ (-?[0-9]+) ]]; then
            kind=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
        elif [[ $line == bestmove* ]]; then
            BEST=${line#bestmove }
            BEST=${BEST%% *}
            break
        fi
    done
    if [[ $kind == mate && $value == 0 ]]; then
        KIND=mated VALUE=$((-sign))
    else
        KIND=$kind VALUE=$((sign * value))
    fi
}

if [[ ! -s $OUT/stockfish.tsv ]]; then
    echo "== Stockfish 15.1 at depth $DEPTH on every position ==" >&2
    : >"$OUT/stockfish.tsv.part"
    prev_game="" prev_kind="" prev_value="" prev_best=""
    total=$(($(wc -l <"$OUT/ours.tsv") - 1))
    n=0
    while IFS=$'\t' read -r game ply fen move best eval_before eval_after judgement; do
        [[ $game == game ]] && continue
        n=$((n + 1))
        side=$(cut -d' ' -f2 <<<"$fen")
        other=w
        [[ $side == w ]] && other=b
        if [[ $game != "$prev_game" ]]; then
            send ucinewgame
            search "position fen $fen" "$side"
            before_kind=$KIND before_value=$VALUE sf_best=$BEST
        else
            # The position after the last move, searched already: its evaluation and best move.
            before_kind=$prev_kind before_value=$prev_value sf_best=$prev_best
        fi
        search "position fen $fen moves $move" "$other"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$game" "$ply" "$side" "$move" "$sf_best" \
            "$before_kind" "$before_value" "$KIND" "$VALUE" "$judgement" >>"$OUT/stockfish.tsv.part"
        prev_game=$game prev_kind=$KIND prev_value=$VALUE prev_best=$BEST
        ((n % 50 == 0)) && echo "   $n of $total plies" >&2
    done <"$OUT/ours.tsv"
    mv "$OUT/stockfish.tsv.part" "$OUT/stockfish.tsv"
fi
send quit

# --- 4. The comparison -----------------------------------------------------------------------------
games=$(grep -c '^\[Event ' "$OUT/games.pgn")
awk -F'\t' -v depth="$DEPTH" -v nodes="$NODES" -v games="$games" '
function ceiled(kind, v) {
    if (kind != "cp") return v > 0 ? 1000 : -1000
    return v > 1000 ? 1000 : (v < -1000 ? -1000 : v)
}
function wc(cp) { return 2 / (1 + exp(-0.00368208 * cp)) - 1 }
# The judgement of a move by the mover (sign +1 White, -1 Black), lila s rules.
function judge(bk, bv, ak, av, sign,    b_mate, a_mate, cp, drop) {
    bv *= sign; av *= sign
    b_mate = bk != "cp"; a_mate = ak != "cp"
    if (b_mate || a_mate) {
        if (!b_mate && a_mate && av < 0) return bv < -999 ? "inaccuracy" : (bv < -700 ? "mistake" : "blunder")
        if (b_mate && bv > 0 && !(a_mate && av > 0)) {
            cp = a_mate ? 0 : av
            return cp > 999 ? "inaccuracy" : (cp > 700 ? "mistake" : "blunder")
        }
        return "none"
    }
    drop = wc(ceiled(bk, bv)) - wc(ceiled(ak, av))
    return drop >= 0.3 ? "blunder" : (drop >= 0.2 ? "mistake" : (drop >= 0.1 ? "inaccuracy" : "none"))
}
{
    sign = $3 == "w" ? 1 : -1
    sf = ($4 == $5) ? "none" : judge($6, $7, $8, $9, sign)
    ours = $10
    count[sf "," ours]++
    plies++
    if (sf == "blunder") { sf_blunders++; if (ours != "none") flagged++ }
    if (ours == "blunder") { our_blunders++; if (sf == "none") fine++ }
}
END {
    split("none inaccuracy mistake blunder", kinds, " ")
    printf "# Method check of schach analyse (%d nodes a position) against Stockfish 15.1 at depth %d\n\n", nodes, depth
    printf "%d plies of %d games between weak engines (scripts/review-check.sh).\n\n", plies, games
    printf "| Stockfish (rows), ours (columns) | none | inaccuracy | mistake | blunder |\n|---|---|---|---|---|\n"
    for (i = 1; i <= 4; i++) {
        printf "| %s |", kinds[i]
        for (j = 1; j <= 4; j++) printf " %d |", count[kinds[i] "," kinds[j]]
        printf "\n"
    }
    printf "\n- Stockfish s blunders that we flag (inaccuracy or worse): %d of %d = %.1f %% (goal >= 85 %%)\n",
        flagged, sf_blunders, sf_blunders ? 100 * flagged / sf_blunders : 0
    printf "- our blunders (??) that Stockfish judges fine: %d of %d = %.1f %% (goal <= 10 %%)\n",
        fine, our_blunders, our_blunders ? 100 * fine / our_blunders : 0
}' "$OUT/stockfish.tsv" | sed "s/Stockfish s/Stockfish's/" | tee "$OUT/results.md"
