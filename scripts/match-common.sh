# Shared by scripts/match.sh and scripts/levels.sh (sourced): the opening book, and the settings
# every game of our gauntlets is played with.

# The opening book: BOOK if set, else 8mvs_+90_+99.epd in the data folder the build knows.
find_book() {
    local build=$1 data
    if [[ -z "${BOOK:-}" ]]; then
        data=$(sed -n 's/^SCHACH_DATA_DIR:PATH=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
        BOOK="${data:-../shared/data}/books/8mvs_+90_+99.epd"
    fi
    [[ -f "$BOOK" ]] || { echo "$(basename "$0"): opening book $BOOK not found (set BOOK=...)" >&2; exit 2; }
}

# Appends to the array `args` what every game shares: the clock TC (cutechess style), Threads 1
# and Hash 16 for all, GAMES games per opponent in colour-swapped pairs, CONCURRENCY at a time,
# openings from BOOK in a SEED-ed random order, OpenBench's adjudication (wins after 3 moves at
# >= 400 cp by both engines, draws from move 40 after 8 moves at <= 10 cp), PGN to $1.
add_common_args() {
    args+=(
        -each "tc=$TC" option.Hash=16 option.Ponder=false timemargin=100
        -gauntlet -games "$GAMES" -concurrency "$CONCURRENCY"
        -openings "file=$BOOK" order=random -seed "$SEED"
        -resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10
        -pgnout "$1"
    )
}

# Stockfish 15.1 at a fixed UCI_Elo (1350..2850), with the Move Overhead our busy cores need;
# further arguments (such as games=N) go into its -engine.
sf_name() { echo "Stockfish 15.1 ($1)"; }
add_stockfish() {
    local elo=$1
    shift
    args+=(-engine cmd=/usr/games/stockfish "name=$(sf_name "$elo")" option.Threads=1
           "option.Move Overhead=100" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" "$@")
}
