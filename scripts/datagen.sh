#!/usr/bin/env bash
# Self-play training data for the network (schach datagen), kept across machines in chunks.
#
#   scripts/datagen.sh BUILD run     plays games into DATAGEN_DIR/<NET>-<N>.games until stopped
#                                    (Ctrl+C or SIGTERM; the file stays whole), resumable
#   scripts/datagen.sh BUILD pack    compresses every finished chunk into data/selfplay/ (for the
#                                    repository) and starts a new chunk for the next run
#   scripts/datagen.sh BUILD unpack  restores the repository's chunks into DATAGEN_DIR (a fresh
#                                    machine), so that `schach train DATAGEN_DIR/*.games` sees all
#
# NET names the network the games were played with (hce: the hand-written evaluation), so data
# of one net is never mixed up with another's. DATAGEN_THREADS (1) games at once, at nice 5 so
# builds and tests beside it keep their speed.
set -euo pipefail
build=${1:?usage: datagen.sh BUILD run|pack|unpack}
what=${2:?usage: datagen.sh BUILD run|pack|unpack}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir=${DATAGEN_DIR:-$root/../data}
threads=${DATAGEN_THREADS:-1}
net=${DATAGEN_NET:-}
repo_dir="$root/data/selfplay"
mkdir -p "$dir" "$repo_dir"

# The network's name: the built-in one's hash (or the given file's), hce without one.
net_name() {
    if [ -n "$net" ]; then sha256sum "$net" | cut -c1-12; return; fi
    if [ -f "$root/nets/schach.nnue" ]; then sha256sum "$root/nets/schach.nnue" | cut -c1-12; return; fi
    echo hce
}
name=$(net_name)

# The chunk a run appends to: the first number not packed into the repository yet.
current_chunk() {
    local n=1
    while [ -f "$repo_dir/$name-$n.games.xz" ]; do n=$((n + 1)); done
    echo "$dir/$name-$n.games"
}

case "$what" in
    run)
        bash "$root/scripts/datagen.sh" "$build" unpack
        file=$(current_chunk)
        args=(datagen "$file" --threads "$threads" --seed "$(date +%s)")
        [ -n "$net" ] && args+=(--net "$net")
        echo "datagen: $file ($threads threads); stop with Ctrl+C, go on with the same command"
        exec nice -n 5 "$build/schach" "${args[@]}"
        ;;
    pack)
        for f in "$dir"/*.games; do
            [ -f "$f" ] || continue
            base=$(basename "$f")
            [ -f "$repo_dir/$base.xz" ] && continue
            "$build/schach" datagen "$f" --summary --lang en
            xz -6 -T1 -c "$f" > "$repo_dir/$base.xz.tmp" && mv "$repo_dir/$base.xz.tmp" "$repo_dir/$base.xz"
            echo "datagen: packed $repo_dir/$base.xz ($(stat -c %s "$repo_dir/$base.xz") bytes)"
        done
        ;;
    unpack)
        for x in "$repo_dir"/*.games.xz; do
            [ -f "$x" ] || continue
            f="$dir/$(basename "$x" .xz)"
            [ -f "$f" ] && continue
            xz -dc "$x" > "$f.tmp" && mv "$f.tmp" "$f"
            echo "datagen: restored $f"
        done
        ;;
    *) echo "datagen.sh: unknown step $what (run, pack, unpack)" >&2; exit 2 ;;
esac
