#!/usr/bin/env bash
# A gauntlet of `make match` takes longer than one session on a fresh machine: its journal and
# PGN are kept in the repository between sessions (data/match/), like the self-play data.
#
#   scripts/match-keep.sh pack [OUT]     OUT/gauntlet.pgn.journal and gauntlet.pgn, compressed,
#                                        into data/match/ (default OUT: build/match)
#   scripts/match-keep.sh unpack [OUT]   restores them into OUT unless OUT already has a journal
#                                        with at least as many games (then nothing is touched)
#
# `schach match` itself decides whether a journal belongs to a run: its first line carries the
# fingerprint of the run's arguments (engines, paths, time control, openings, seed), and a run
# with other arguments refuses it. So the engine under test must be started by the same command
# (ENGINE=..., e.g. a copy of the build at a fixed path) in every session.
set -euo pipefail
what=${1:?usage: match-keep.sh pack|unpack [OUT]}
out=${2:-build/match}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
keep="$root/data/match"
games() { [[ -f $1 ]] && grep -c '^[0-9]' "$1" || echo 0; }
case "$what" in
    pack)
        [[ -f $out/gauntlet.pgn.journal ]] || { echo "match-keep: no journal in $out" >&2; exit 2; }
        mkdir -p "$keep"
        xz -9 -c "$out/gauntlet.pgn.journal" >"$keep/gauntlet.pgn.journal.xz.tmp"
        xz -9 -c "$out/gauntlet.pgn" >"$keep/gauntlet.pgn.xz.tmp"
        mv "$keep/gauntlet.pgn.journal.xz.tmp" "$keep/gauntlet.pgn.journal.xz"
        mv "$keep/gauntlet.pgn.xz.tmp" "$keep/gauntlet.pgn.xz"
        echo "match-keep: $(games "$out/gauntlet.pgn.journal") games packed into $keep" >&2
        ;;
    unpack)
        [[ -f $keep/gauntlet.pgn.journal.xz ]] || { echo "match-keep: nothing kept in $keep" >&2; exit 0; }
        mkdir -p "$out"
        xz -dc "$keep/gauntlet.pgn.journal.xz" >"$out/kept.journal"
        if (($(games "$out/gauntlet.pgn.journal") >= $(games "$out/kept.journal"))); then
            rm "$out/kept.journal"
            echo "match-keep: $out already has the kept games" >&2
            exit 0
        fi
        mv "$out/kept.journal" "$out/gauntlet.pgn.journal"
        xz -dc "$keep/gauntlet.pgn.xz" >"$out/gauntlet.pgn"
        echo "match-keep: $(games "$out/gauntlet.pgn.journal") games restored into $out" >&2
        ;;
    *) echo "usage: match-keep.sh pack|unpack [OUT]" >&2; exit 2 ;;
esac
