#include "core/chess960.hpp"

namespace schach {
namespace {

using PT = PieceType;

/// The ten ways to place two knights on five free squares, in Scharnagl's order.
constexpr int KnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

/// Puts `t` on the `nth` (0-based) still empty square.
void place_nth_free(std::array<PT, 8>& rank, int nth, PT t) {
    for (auto& square : rank) {
        if (square != PT::None) continue;
        if (nth-- == 0) {
            square = t;
            return;
        }
    }
}

Setup setup_from_ranks(const std::array<PT, 8>& white, const std::array<PT, 8>& black) {
    Setup s;
    for (int f = 0; f < 8; ++f) {
        File file = static_cast<File>(f);
        s.board[make_square(file, Rank::R1)] = make_piece(Color::White, white[static_cast<std::size_t>(f)]);
        s.board[make_square(file, Rank::R2)] = make_piece(Color::White, PT::Pawn);
        s.board[make_square(file, Rank::R7)] = make_piece(Color::Black, PT::Pawn);
        s.board[make_square(file, Rank::R8)] = make_piece(Color::Black, black[static_cast<std::size_t>(f)]);
        if (white[static_cast<std::size_t>(f)] == PT::Rook) s.castling_rooks |= bb(make_square(file, Rank::R1));
        if (black[static_cast<std::size_t>(f)] == PT::Rook) s.castling_rooks |= bb(make_square(file, Rank::R8));
    }
    return s;
}

}  // namespace

std::array<PT, 8> chess960_back_rank(int n) {
    std::array<PT, 8> rank;
    rank.fill(PT::None);
    rank[static_cast<std::size_t>(2 * (n % 4) + 1)] = PT::Bishop;  // light squares: b, d, f, h
    n /= 4;
    rank[static_cast<std::size_t>(2 * (n % 4))] = PT::Bishop;  // dark squares: a, c, e, g
    n /= 4;
    place_nth_free(rank, n % 6, PT::Queen);
    n /= 6;
    // Place the later knight first so the earlier index still counts the same free squares.
    place_nth_free(rank, KnightPairs[n][1], PT::Knight);
    place_nth_free(rank, KnightPairs[n][0], PT::Knight);
    place_nth_free(rank, 0, PT::Rook);
    place_nth_free(rank, 0, PT::King);
    place_nth_free(rank, 0, PT::Rook);
    return rank;
}

Chess960Derivation chess960_derivation(int n) {
    Chess960Derivation d;
    d.light = n % 4;
    d.dark = (n / 4) % 4;
    d.queen = (n / 16) % 6;
    d.knights = n / 96;
    // Replay the placement and note which step filled each file.
    std::array<PT, 8> rank;
    rank.fill(PT::None);
    d.step_of.fill(-1);
    const auto fill_new = [&](int step) {
        for (int f = 0; f < 8; ++f)
            if (rank[static_cast<std::size_t>(f)] != PT::None && d.step_of[static_cast<std::size_t>(f)] < 0)
                d.step_of[static_cast<std::size_t>(f)] = step;
    };
    rank[static_cast<std::size_t>(2 * d.light + 1)] = PT::Bishop;
    fill_new(0);
    rank[static_cast<std::size_t>(2 * d.dark)] = PT::Bishop;
    fill_new(1);
    place_nth_free(rank, d.queen, PT::Queen);
    fill_new(2);
    place_nth_free(rank, KnightPairs[d.knights][1], PT::Knight);
    place_nth_free(rank, KnightPairs[d.knights][0], PT::Knight);
    fill_new(3);
    for (auto& square : rank)
        if (square == PT::None) square = PT::Rook;
    fill_new(4);
    return d;
}

int chess960_number(const std::array<PT, 8>& back_rank) {
    // Decode piece by piece, then check by re-encoding: the only arrays that survive are valid ones.
    int light = -1, dark = -1, queen = -1, knights[2] = {-1, -1}, free_index = 0, knight_count = 0;
    for (int f = 0; f < 8; ++f) {
        PT t = back_rank[static_cast<std::size_t>(f)];
        if (t == PT::Bishop) (f % 2 ? light : dark) = f / 2;
    }
    if (light < 0 || dark < 0) return -1;
    for (int f = 0; f < 8; ++f) {
        PT t = back_rank[static_cast<std::size_t>(f)];
        if (t == PT::Bishop) continue;
        if (t == PT::Queen) queen = free_index;
        ++free_index;
    }
    free_index = 0;
    for (int f = 0; f < 8; ++f) {
        PT t = back_rank[static_cast<std::size_t>(f)];
        if (t == PT::Bishop || t == PT::Queen) continue;
        if (t == PT::Knight && knight_count < 2) knights[knight_count++] = free_index;
        ++free_index;
    }
    if (queen < 0 || knight_count != 2) return -1;
    int pair = -1;
    for (int i = 0; i < 10; ++i)
        if (KnightPairs[i][0] == knights[0] && KnightPairs[i][1] == knights[1]) pair = i;
    if (pair < 0) return -1;
    int n = light + 4 * (dark + 4 * (queen + 6 * pair));
    return chess960_back_rank(n) == back_rank ? n : -1;
}

std::expected<Position, Chess960Error> chess960_position(int n) { return double_chess960_position(n, n); }

std::expected<Position, Chess960Error> double_chess960_position(int white, int black) {
    for (int n : {white, black})
        if (n < 0 || n >= Chess960Count) return std::unexpected(Chess960Error{Chess960Error::Kind::OutOfRange, n});
    Setup s = setup_from_ranks(chess960_back_rank(white), chess960_back_rank(black));
    s.chess960 = !(white == ClassicalScharnagl && black == ClassicalScharnagl);
    auto pos = Position::from_setup(s, {Problems{}, s.chess960 ? Variant::Chess960 : Variant::Standard});
    // Every array of the numbering is a valid position: nothing to relax.
    return *pos;
}

std::expected<int, Chess960Error> chess960_number(const Position& pos) {
    std::array<PT, 8> white, black;
    for (int f = 0; f < 8; ++f) {
        Piece w = pos.piece_on(make_square(static_cast<File>(f), Rank::R1));
        Piece b = pos.piece_on(make_square(static_cast<File>(f), Rank::R8));
        if (w == Piece::None || color_of(w) != Color::White || b == Piece::None || color_of(b) != Color::Black)
            return std::unexpected(Chess960Error{Chess960Error::Kind::BackRanksEmpty});
        white[static_cast<std::size_t>(f)] = type_of(w);
        black[static_cast<std::size_t>(f)] = type_of(b);
    }
    if (white != black) return std::unexpected(Chess960Error{Chess960Error::Kind::NotMirrored});
    if (pos.pieces(Color::White, PT::Pawn) != bb(Rank::R2) || pos.pieces(Color::Black, PT::Pawn) != bb(Rank::R7) ||
        popcount(pos.pieces()) != 32)
        return std::unexpected(Chess960Error{Chess960Error::Kind::PawnsMoved});
    const int n = chess960_number(white);
    if (n < 0) return std::unexpected(Chess960Error{Chess960Error::Kind::NoChess960Array});
    if (pos.side_to_move() != Color::White ||
        pos.castling_rooks() != (pos.pieces(PT::Rook) & (bb(Rank::R1) | bb(Rank::R8))))
        return std::unexpected(Chess960Error{Chess960Error::Kind::NotTheStart});
    return n;
}

std::string_view chess960_error_id(Chess960Error::Kind kind) {
    using K = Chess960Error::Kind;
    switch (kind) {
        case K::OutOfRange: return "out-of-range";
        case K::BackRanksEmpty: return "back-ranks-empty";
        case K::NotMirrored: return "not-mirrored";
        case K::PawnsMoved: return "pawns-moved";
        case K::NoChess960Array: return "no-chess960-array";
        case K::NotTheStart: return "not-the-start";
    }
    return "?";
}

}  // namespace schach
