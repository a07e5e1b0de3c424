#include "core/fen.hpp"

#include <array>
#include <charconv>
#include <span>

namespace schach {
namespace {

struct Token {
    std::string_view text;
    std::size_t offset;
};

/// The space-separated fields of a FEN; a seventh one only to say where the text goes too far.
struct Fields {
    std::array<Token, 7> at{};
    std::size_t count = 0;
};

Fields split_fields(std::string_view fen) {
    Fields fields;
    std::size_t i = 0;
    while (i < fen.size() && fields.count < fields.at.size()) {
        while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
        std::size_t start = i;
        while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t') ++i;
        if (i > start) fields.at[fields.count++] = {fen.substr(start, i - start), start};
    }
    return fields;
}

/// The piece a FEN letter stands for (PNBRQK white, pnbrqk black), Piece::None for other bytes.
constexpr std::array<Piece, 256> PieceLetters = [] {
    std::array<Piece, 256> t{};
    t.fill(Piece::None);
    constexpr std::string_view Letters = "PNBRQK";
    for (std::size_t i = 0; i < Letters.size(); ++i) {
        const auto type = static_cast<PieceType>(i);
        t[static_cast<unsigned char>(Letters[i])] = make_piece(Color::White, type);
        t[static_cast<unsigned char>(Letters[i] - 'A' + 'a')] = make_piece(Color::Black, type);
    }
    return t;
}();

Piece piece_from_letter(char c) { return PieceLetters[static_cast<unsigned char>(c)]; }

std::expected<void, FenError> parse_board(Token t, Setup& s) {
    using F = FenError::Field;
    using E = FenError::Expected;
    int rank = 7, file = 0;
    bool after_digit = false;
    for (std::size_t i = 0; i < t.text.size(); ++i) {
        const char c = t.text[i];
        const std::size_t at = t.offset + i;
        if (c == '/') {
            if (file != 8) return std::unexpected(FenError{F::Placement, at, E::FullRank});
            if (rank == 0) return std::unexpected(FenError{F::Placement, at, E::OnlyEightRanks});
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            // "17" or "44" adds up to 8 but is no FEN: one digit counts a run of empty squares.
            if (after_digit) return std::unexpected(FenError{F::Placement, at, E::SingleDigit});
            file += c - '0';
            if (file > 8) return std::unexpected(FenError{F::Placement, at, E::RankOverflow});
        } else {
            Piece p = piece_from_letter(c);
            if (p == Piece::None) return std::unexpected(FenError{F::Placement, at, E::PlacementChar});
            if (file >= 8) return std::unexpected(FenError{F::Placement, at, E::RankOverflow});
            s.board[make_square(static_cast<File>(file), static_cast<Rank>(rank))] = p;
            ++file;
        }
        after_digit = c >= '1' && c <= '8';
    }
    if (rank != 0 || file != 8) return std::unexpected(FenError{F::Placement, t.offset + t.text.size(), E::EightRanks});
    return {};
}

/// K/Q (X-FEN): the outermost rook on that side of the king, or the corner when there is none
/// (validation then reports the right as bad).
Square resolve_side_letter(const Setup& s, Color c, bool king_side) {
    const Rank back = relative(c, Rank::R1);
    const Square corner = make_square(king_side ? File::H : File::A, back);
    int kf = 0;  // the first king on the back rank from the a-file
    while (kf < 8 && s.board[make_square(static_cast<File>(kf), back)] != make_piece(c, PieceType::King)) ++kf;
    if (kf == 8) return corner;
    for (int f = king_side ? 7 : 0; king_side ? f > kf : f < kf; f += king_side ? -1 : 1) {
        Square sq = make_square(static_cast<File>(f), back);
        if (s.board[sq] == make_piece(c, PieceType::Rook)) return sq;
    }
    return corner;
}

std::expected<void, FenError> parse_castling(Token t, Setup& s) {
    using F = FenError::Field;
    using E = FenError::Expected;
    if (t.text == "-") return {};
    for (std::size_t i = 0; i < t.text.size(); ++i) {
        const char c = t.text[i];
        const Color color = (c >= 'a' && c <= 'z') ? Color::Black : Color::White;
        const char lower = color == Color::White ? static_cast<char>(c - 'A' + 'a') : c;
        Square rook;
        if (lower == 'k' || lower == 'q') {
            rook = resolve_side_letter(s, color, lower == 'k');
        } else if (lower >= 'a' && lower <= 'h') {
            rook = make_square(static_cast<File>(lower - 'a'), relative(color, Rank::R1));
            s.chess960 = true;
        } else {
            return std::unexpected(FenError{F::Castling, t.offset + i, E::CastlingLetter});
        }
        if (contains(s.castling_rooks, rook))
            return std::unexpected(FenError{F::Castling, t.offset + i, E::CastlingTwice});
        s.castling_rooks |= bb(rook);
    }
    return {};
}

std::expected<int, FenError> parse_counter(Token t, FenError::Field field, int min, int max) {
    int value = 0;
    auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), value);
    if (ec != std::errc{} || ptr != t.text.data() + t.text.size() || value < min || value > max) {
        std::size_t at = t.offset + static_cast<std::size_t>(ptr - t.text.data());
        if (ec == std::errc::result_out_of_range || (ec == std::errc{} && ptr == t.text.data() + t.text.size()))
            at = t.offset;
        return std::unexpected(FenError{field, at, FenError::Expected::Number, min, max});
    }
    return value;
}

}  // namespace

std::string_view fen_field_id(FenError::Field f) {
    switch (f) {
        case FenError::Field::Placement: return "placement";
        case FenError::Field::Turn: return "turn";
        case FenError::Field::Castling: return "castling";
        case FenError::Field::EnPassant: return "en-passant";
        case FenError::Field::Halfmove: return "halfmove-clock";
        case FenError::Field::Fullmove: return "fullmove-number";
        case FenError::Field::Trailing: return "trailing";
    }
    return "?";
}

std::string_view fen_expected_id(FenError::Expected e) {
    using E = FenError::Expected;
    switch (e) {
        case E::Placement: return "placement";
        case E::FullRank: return "full-rank";
        case E::OnlyEightRanks: return "only-eight-ranks";
        case E::RankOverflow: return "rank-overflow";
        case E::SingleDigit: return "single-digit";
        case E::PlacementChar: return "placement-char";
        case E::EightRanks: return "eight-ranks";
        case E::TurnLetter: return "turn-letter";
        case E::CastlingField: return "castling-field";
        case E::CastlingLetter: return "castling-letter";
        case E::CastlingTwice: return "castling-twice";
        case E::EnPassantField: return "en-passant-field";
        case E::EnPassantSquare: return "en-passant-square";
        case E::Number: return "number";
        case E::End: return "end";
    }
    return "?";
}

std::expected<Setup, FenError> parse_fen(std::string_view fen) {
    using F = FenError::Field;
    using E = FenError::Expected;
    const Fields split = split_fields(fen);
    const std::span<const Token> fields(split.at.data(), split.count);
    Setup s;
    if (fields.empty()) return std::unexpected(FenError{F::Placement, 0, E::Placement});
    if (fields.size() > 6) return std::unexpected(FenError{F::Trailing, fields[6].offset, E::End});
    if (auto r = parse_board(fields[0], s); !r) return std::unexpected(r.error());

    const std::size_t end = fen.size();
    if (fields.size() < 2) return std::unexpected(FenError{F::Turn, end, E::TurnLetter});
    if (fields[1].text == "w") s.turn = Color::White;
    else if (fields[1].text == "b") s.turn = Color::Black;
    else return std::unexpected(FenError{F::Turn, fields[1].offset, E::TurnLetter});

    if (fields.size() < 3) return std::unexpected(FenError{F::Castling, end, E::CastlingField});
    if (auto r = parse_castling(fields[2], s); !r) return std::unexpected(r.error());

    if (fields.size() < 4) return std::unexpected(FenError{F::EnPassant, end, E::EnPassantField});
    if (fields[3].text != "-") {
        s.ep_square = parse_square(fields[3].text);
        if (s.ep_square == Square::None)
            return std::unexpected(FenError{F::EnPassant, fields[3].offset, E::EnPassantSquare});
    }
    if (fields.size() >= 5) {
        auto half = parse_counter(fields[4], F::Halfmove, 0, 9999);
        if (!half) return std::unexpected(half.error());
        s.halfmove_clock = *half;
    }
    if (fields.size() >= 6) {
        auto full = parse_counter(fields[5], F::Fullmove, 0, 99999);
        if (!full) return std::unexpected(full.error());
        s.fullmove_number = std::max(1, *full);  // some writers use 0 for "unknown"
    }
    return s;
}

std::expected<Position, PositionError> position_from_fen(std::string_view fen, ValidateOptions options) {
    auto setup = parse_fen(fen);
    if (!setup) return std::unexpected(PositionError{true, setup.error(), {}});
    auto pos = Position::from_setup(*setup, options);
    if (!pos) return std::unexpected(PositionError{false, {}, pos.error()});
    return *pos;
}

std::string board_fen(const Position& pos) {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Piece p = pos.piece_on(make_square(static_cast<File>(f), static_cast<Rank>(r)));
            if (p == Piece::None) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            out += to_char(p);
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (r) out += '/';
    }
    return out;
}

namespace {
/// Castling letter for one rook: KQkq when it is the outermost rook on its side (and the format
/// allows), its file letter otherwise.
char castling_letter(const Position& pos, Color c, Square rook, FenFormat format) {
    const bool king_side = file_of(rook) > file_of(pos.king(c));
    char letter = to_char(file_of(rook));
    if (format != FenFormat::Shredder) {
        // Outermost: no other own rook between this rook and the board edge.
        const Bitboard back = bb(relative(c, Rank::R1));
        const Bitboard beyond = king_side ? ~((bb(rook) << 1) - 1) : (bb(rook) - 1);
        if (!(beyond & back & pos.pieces(c, PieceType::Rook))) letter = king_side ? 'k' : 'q';
    }
    return c == Color::White ? static_cast<char>(letter - 'a' + 'A') : letter;
}
}  // namespace

std::string to_fen(const Position& pos, FenFormat format) {
    std::string out = board_fen(pos);
    out += pos.side_to_move() == Color::White ? " w " : " b ";
    std::string castling;
    for (Color c : Colors)
        for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen})
            if (Square r = pos.castling_rook(c, side); r != Square::None)
                castling += castling_letter(pos, c, r, format);
    out += castling.empty() ? "-" : castling;
    out += ' ';
    out += to_string(pos.ep_square());
    out += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
    return out;
}

}  // namespace schach
