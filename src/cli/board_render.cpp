// The Unicode board of `schach play`.

#include "cli/board_render.hpp"

#include <algorithm>
#include <cstdint>

#include <fmt/core.h>

namespace schach::cli {
namespace {

using std::chrono::milliseconds;

// ANSI 256-colour backgrounds: light and dark squares, and the squares of the last move.
constexpr std::string_view LightSquare = "\033[48;5;223m";
constexpr std::string_view DarkSquare = "\033[48;5;173m";
constexpr std::string_view LightMarked = "\033[48;5;229m";
constexpr std::string_view DarkMarked = "\033[48;5;185m";
constexpr std::string_view BlackText = "\033[38;5;16m";
constexpr std::string_view Reset = "\033[0m";

/// Columns a UTF-8 text takes in a terminal, counting every code point as one column (true for
/// the letters and figurines used here).
std::size_t columns(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string padded(std::string_view text, std::size_t width) {
    std::string out(text);
    const std::size_t used = columns(text);
    if (used < width) out.append(width - used, ' ');
    return out;
}

/// The squares the last move is shown on: where the king or piece came from and went to
/// (castling, stored as king-takes-rook, shows the king's target square).
std::pair<Square, Square> marked_squares(const Position& pos, Move m) {
    if (!m || !m.is_ok()) return {Square::None, Square::None};
    if (m.kind() != MoveKind::Castling) return {m.from(), m.to()};
    const Color mover = ~pos.side_to_move();
    const CastlingSide side = m.to() > m.from() ? CastlingSide::King : CastlingSide::Queen;
    return {m.from(), Position::king_target(mover, side)};
}

}  // namespace

std::string format_clock(milliseconds time) {
    const std::int64_t total = std::max<std::int64_t>(time.count(), 0);
    const std::int64_t seconds = total / 1000;
    if (seconds < 10) return fmt::format("0:{:02}.{}", seconds, total % 1000 / 100);
    if (seconds < 3600) return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
    return fmt::format("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
}

std::string render_board(const Position& pos, const BoardView& view) {
    const auto [mark_from, mark_to] = marked_squares(pos, view.last_move);
    const std::size_t name_width = std::max(columns(color_name(Color::White, view.lang)),
                                            columns(color_name(Color::Black, view.lang)));

    // What stands beside a back rank: the side's name, its clock, and the mark of the side to move.
    auto side_label = [&](Color c) {
        std::string label = "   " + padded(color_name(c, view.lang), name_width);
        if (view.clocks) label += "  " + format_clock((*view.clocks)[c]);
        if (pos.side_to_move() == c) label += "  " + say(Msg::BoardToMove, view.lang);
        return label;
    };

    std::string files_line = "  ";
    for (int i = 0; i < 8; ++i) {
        const int f = view.flipped ? 7 - i : i;
        files_line += fmt::format("  {}", to_char(static_cast<File>(f)));
    }
    files_line += '\n';

    std::string out = files_line;
    for (int row = 0; row < 8; ++row) {
        const int r = view.flipped ? row : 7 - row;
        const char rank = to_char(static_cast<Rank>(r));
        out += fmt::format(" {} ", rank);
        for (int i = 0; i < 8; ++i) {
            const int f = view.flipped ? 7 - i : i;
            const Square s = make_square(static_cast<File>(f), static_cast<Rank>(r));
            const Piece p = pos.piece_on(s);
            const std::string_view glyph = p == Piece::None ? (view.color ? " " : "·") : figurine(p);
            const bool marked = s == mark_from || s == mark_to;
            if (view.color) {
                const bool light = (f + r) % 2 == 1;
                out += light ? (marked ? LightMarked : LightSquare) : (marked ? DarkMarked : DarkSquare);
                out += BlackText;
                out += ' ';
                out += glyph;
                out += ' ';
            } else {
                out += marked ? '[' : ' ';
                out += glyph;
                out += marked ? ']' : ' ';
            }
        }
        if (view.color) out += Reset;
        out += fmt::format(" {}", rank);
        // The top row names the side playing from the top, the bottom row the side at the bottom.
        if (row == 0) out += side_label(view.flipped ? Color::White : Color::Black);
        if (row == 7) out += side_label(view.flipped ? Color::Black : Color::White);
        while (out.back() == ' ') out.pop_back();
        out += '\n';
    }
    out += files_line;
    return out;
}

}  // namespace schach::cli
