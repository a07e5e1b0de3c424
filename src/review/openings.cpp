#include "review/openings.hpp"

#include <unordered_map>

#include "core/bitboard.hpp"
#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "review/opening_table.hpp"

namespace schach::review {

std::string_view Opening::family() const { return name.substr(0, std::min(name.find(':'), name.size())); }

std::vector<std::string_view> Opening::variations() const {
    std::vector<std::string_view> out;
    const std::size_t colon = name.find(':');
    if (colon == std::string_view::npos) return out;
    std::string_view rest = name.substr(colon + 1);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        std::string_view part = rest.substr(0, comma);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        if (!part.empty()) out.push_back(part);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return out;
}

namespace {

struct Index {
    std::vector<Opening> openings;
    std::unordered_map<Key, std::size_t> by_key;  // end position -> first opening in table order
};

/// The end position of a line such as "1. e4 c5 2. Nf3": move numbers skipped, SAN read by our
/// own notation code. Nothing when a move does not parse (the table is checked by a test).
std::optional<Position> end_of_line(std::string_view pgn, int& plies) {
    Position pos = Position();
    plies = 0;
    while (!pgn.empty()) {
        const std::size_t space = pgn.find(' ');
        const std::string_view token = pgn.substr(0, space);
        pgn = space == std::string_view::npos ? std::string_view{} : pgn.substr(space + 1);
        if (token.empty() || (token.front() >= '0' && token.front() <= '9')) continue;
        const auto move = parse_san(pos, token, ParseMode::Strict);
        if (!move) return std::nullopt;
        pos.do_move(*move);
        ++plies;
    }
    return pos;
}

const Index& index() {
    static const Index built = [] {
        Index idx;
        idx.openings.reserve(detail::OpeningLineCount);
        for (std::size_t i = 0; i < detail::OpeningLineCount; ++i) {
            const detail::OpeningLine& line = detail::OpeningLines[i];
            Opening o{detail::opening_text(line.eco), detail::opening_text(line.name), detail::opening_text(line.pgn),
                      0};
            const std::optional<Position> end = end_of_line(o.pgn, o.plies);
            idx.openings.push_back(o);
            if (end) idx.by_key.try_emplace(end->key(), i);
        }
        return idx;
    }();
    return built;
}

}  // namespace

std::span<const Opening> all_openings() { return index().openings; }

const Opening* opening_at(const Position& pos) {
    const Index& idx = index();
    const auto it = idx.by_key.find(pos.key());
    return it == idx.by_key.end() ? nullptr : &idx.openings[it->second];
}

std::optional<OpeningMatch> classify_opening(const Position& start, std::span<const Move> moves) {
    if (!start.same_position(Position()) || start.is_chess960()) return std::nullopt;
    std::optional<OpeningMatch> found;
    Position pos = start;
    for (std::size_t i = 0; i < moves.size() && static_cast<int>(i) < OpeningMaxPly; ++i) {
        pos.do_move(moves[i]);
        if (popcount(pos.pieces()) < OpeningMinMen) break;
        if (const Opening* o = opening_at(pos)) found = OpeningMatch{o, static_cast<int>(i) + 1};
    }
    return found;
}

}  // namespace schach::review
