#!/bin/sh
# A scripted UCI engine for the match runner's tests. It answers each `go` with the move of its
# list at the index of the ply (the number of moves in the last `position` command), or misbehaves
# on purpose from a chosen ply on:
#   fake_uci.sh [--crash-at N] [--hang-at N] [--sleep-at N SECONDS] [--no-uciok] [--score CP] MOVE...
# A list that runs out answers "0000" (no move). The score it reports is CP (default 0).
crash_at=-1 hang_at=-1 sleep_at=-1 sleep_for=0 no_uciok=0 score=0
while [ $# -gt 0 ]; do
    case "$1" in
        --crash-at) crash_at=$2; shift 2 ;;
        --hang-at) hang_at=$2; shift 2 ;;
        --sleep-at) sleep_at=$2; sleep_for=$3; shift 3 ;;
        --no-uciok) no_uciok=1; shift ;;
        --score) score=$2; shift 2 ;;
        *) break ;;
    esac
done
moves="$*"
ply=0
while read -r line; do
    case "$line" in
        uci)
            [ "$no_uciok" = 1 ] && continue
            echo "id name Fake"
            echo "uciok" ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
        position*)
            set -- $line
            if [ "$2" = "fen" ]; then shift 8; else shift 2; fi
            [ "$1" = "moves" ] && shift
            ply=$# ;;
        go*)
            [ "$ply" -ge "$crash_at" ] && [ "$crash_at" -ge 0 ] && exit 3
            [ "$ply" -ge "$hang_at" ] && [ "$hang_at" -ge 0 ] && continue
            [ "$ply" -eq "$sleep_at" ] && sleep "$sleep_for"
            set -- $moves
            i=0 move=0000
            for m in "$@"; do
                if [ "$i" -eq "$ply" ]; then move=$m; fi
                i=$((i + 1))
            done
            echo "info depth 1 score cp $score nodes 1 pv $move"
            echo "bestmove $move" ;;
    esac
done
