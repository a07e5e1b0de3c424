#!/usr/bin/env bash
# `make ablate`: what each search feature is worth, measured in games (an ablation study).
#
#   scripts/ablate.sh [BUILD_DIR]     (default build/release; `make ablate` passes it)
#
# For each feature of the UCI option SearchOff (engine/features.hpp), the engine as it is plays
# the same engine with that one feature switched off: NODES nodes a move (default 10000, the same
# for both: fixed-node games measure the search, not its speed), Hash 16, openings from
# 8mvs_+90_+99.epd in pairs with colours swapped, OpenBench's adjudication, CONCURRENCY games at a
# time (default 2). Each test is an SPRT with bounds [ELO0, ELO1] (default [0, 5] normalized Elo,
# alpha = beta = 0.05) on the full engine's gain, stopped after MAX_GAMES (default 2000) when it
# has not decided. A feature's Elo is the full engine's against the one without it: positive means
# the feature gains.
#
# Everything goes to OUT (default build/ablate/): FEATURE.pgn and its journal, FEATURE.md (the
# finished test's table), and results.md, one row per finished feature, rewritten after each.
# Started again, finished features are skipped and an unfinished one goes on from its journal.
#
# Variables: FEATURES (default: all, in the engine's order), NODES, MAX_GAMES, ELO0, ELO1,
# CONCURRENCY, OUT, BOOK, SEED, ENGINE (the program, default BUILD_DIR/schach).
set -euo pipefail

BUILD=${1:-build/release}
SCHACH="$BUILD/schach"
ENGINE=${ENGINE:-$SCHACH}
NODES=${NODES:-10000}
MAX_GAMES=${MAX_GAMES:-2000}
ELO0=${ELO0:-0}
ELO1=${ELO1:-5}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-build/ablate}
SEED=${SEED:-1}

source "$(dirname "$0")/match-common.sh"
find_book "$BUILD"

# The feature names, one a line: the engine's own list when it can print one (ENGINE may be an
# older copy), else the build's.
names_bin=${ENGINE%% *}
"$names_bin" bench --features >/dev/null 2>&1 || names_bin=$SCHACH
FEATURES=${FEATURES:-$("$names_bin" bench --features | tr '\n' ' ' || true)}
[[ -n ${FEATURES// /} ]] || { echo "ablate: $names_bin bench --features named no SearchOff features" >&2; exit 2; }
# schach match does not read what an engine answers to setoption: a name ENGINE refuses would
# leave "without f" with everything on, and the test would compare two equal engines.
for f in $FEATURES; do
    refusal=$(printf 'uci\nsetoption name SearchOff value %s\nisready\nquit\n' "$f" | $ENGINE uci | grep '^info string setoption' || true)
    [[ -z $refusal ]] || { echo "ablate: $ENGINE refuses SearchOff=$f: $refusal" >&2; exit 2; }
done

mkdir -p "$OUT"
write_results() {
    local f
    {
        echo "Ablation of the search at $NODES nodes a move: the engine against itself without one feature"
        echo "(SPRT [$ELO0, $ELO1] nElo, at most $MAX_GAMES games; Elo: logistic, the full engine's, 95 % from the pairs)"
        echo
        echo "| Feature off | Games | W | D | L | Elo | ± 95 % | SPRT |"
        echo "|---|--:|--:|--:|--:|--:|--:|---|"
        for f in $FEATURES; do
            [[ -f $OUT/$f.md ]] || continue
            awk -v f="$f" -F'|' '
                $2 ~ /^ base / && $3 ~ /without/ { games=$4; w=$5; d=$6; l=$7; elo=$9; err=$10 }
                /^SPRT:/ { sub(/^SPRT: /, ""); verdict=$0 }
                END { gsub(/ /, "", games); printf "| %s | %s |%s|%s|%s|%s|%s| %s |\n", f, games, w, d, l, elo, err, verdict }
            ' "$OUT/$f.md"
        done
    } >"$OUT/results.md.part"
    mv "$OUT/results.md.part" "$OUT/results.md"
}

for f in $FEATURES; do
    if [[ -f $OUT/$f.md ]]; then continue; fi
    echo "== $f"
    args=(
        -event "schach ablation $f"
        -engine "cmd=$ENGINE" args=uci name=base
        -engine "cmd=$ENGINE" args=uci "name=without $f" "option.SearchOff=$f"
        -each "nodes=$NODES" option.Hash=16 option.Threads=1 option.Ponder=false
        -games "$MAX_GAMES" -concurrency "$CONCURRENCY"
        -openings "file=$BOOK" order=random -seed "$SEED"
        -resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10
        -sprt "elo0=$ELO0" "elo1=$ELO1" alpha=0.05 beta=0.05
        -pgnout "$OUT/$f.pgn"
    )
    # Only a test that came to its end (a decision or MAX_GAMES) is kept; an interrupted one
    # leaves its journal and goes on next time. The progress lines go to stderr.
    status=0
    "$SCHACH" match --lang en "${args[@]}" >"$OUT/$f.md.part" || status=$?
    case $status in
        0)
            mv "$OUT/$f.md.part" "$OUT/$f.md"
            write_results
            grep -E '^\| base |^SPRT' "$OUT/$f.md"
            ;;
        1) echo "ablate: $f stopped before its end (run again to go on)" >&2; exit 1 ;;
        *) echo "ablate: schach match refused or failed for $f (exit $status; its message is above)" >&2; exit "$status" ;;
    esac
done
write_results
cat "$OUT/results.md"
