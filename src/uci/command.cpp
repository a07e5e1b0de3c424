#include "uci/command.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

#include "core/explain.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "engine/score.hpp"
#include "uci/words.hpp"

namespace schach::uci {
namespace {

using Words = std::span<const std::string_view>;
using K = UciError::Kind;

std::string joined(Words words) {
    std::string out;
    for (std::string_view w : words) {
        if (!out.empty()) out += ' ';
        out += w;
    }
    return out;
}

PieceType promotion_of(char c) {
    switch (c) {
        case 'n':
        case 'N': return PieceType::Knight;
        case 'b':
        case 'B': return PieceType::Bishop;
        case 'r':
        case 'R': return PieceType::Rook;
        case 'q':
        case 'Q': return PieceType::Queen;
        default: return PieceType::None;
    }
}

/// The number after keyword words[i] within [min, max]; advances i past it.
UciError bad_number(const std::string& keyword, std::string_view text, std::int64_t min, std::int64_t max);

std::expected<std::int64_t, UciError> number_after(Words words, std::size_t& i, std::int64_t min, std::int64_t max) {
    const std::string keyword(words[i]);
    if (i + 1 >= words.size()) return std::unexpected(make_error(K::MissingValue, "go", keyword));
    const std::string_view text = words[++i];
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < min || v > max)
        return std::unexpected(bad_number(keyword, text, min, max));
    return v;
}

UciError bad_number(const std::string& keyword, std::string_view text, std::int64_t min, std::int64_t max) {
    UciError e = make_error(K::BadNumber, "go", keyword, std::string(text));
    e.min = min;
    e.max = max;
    return e;
}

bool is_go_keyword(std::string_view w) {
    for (std::string_view k : {"searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes",
                               "mate", "movetime", "infinite"})
        if (w == k) return true;
    return false;
}

std::expected<Command, UciError> parse_setoption(std::string_view line, Words words) {
    // setoption name <id...> [value <x...>]
    if (words.size() < 3 || !iequals(words[1], "name"))
        return std::unexpected(make_error(K::MissingOptionName, "setoption"));
    std::size_t v = 2;
    while (v < words.size() && !iequals(words[v], "value")) ++v;
    SetOptionCmd cmd;
    cmd.name = joined(words.subspan(2, v - 2));
    if (cmd.name.empty()) return std::unexpected(make_error(K::MissingOptionName, "setoption"));
    if (v + 1 < words.size()) {
        // The rest of the line as written (a path may hold spaces), without trailing space.
        const std::size_t at = static_cast<std::size_t>(words[v + 1].data() - line.data());
        const std::string_view last = words.back();
        const std::size_t end = static_cast<std::size_t>(last.data() - line.data()) + last.size();
        cmd.value = std::string(line.substr(at, end - at));
    }
    return cmd;
}

UciError bad_fen(const std::string& fen, const PositionError& why) {
    UciError e = make_error(K::BadFen, "position", {}, fen);
    e.fen = why;
    return e;
}

}  // namespace

bool looks_like_uci_move(std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return false;
    if (parse_square(text.substr(0, 2)) == Square::None || parse_square(text.substr(2, 2)) == Square::None)
        return false;
    return text.size() == 4 || promotion_of(text[4]) != PieceType::None;
}

Move find_uci_move(const Position& pos, std::string_view text, bool chess960) {
    if (!looks_like_uci_move(text)) return Move::none();
    const std::string wanted = lowercase(text);
    const MoveList legal = legal_moves(pos);
    for (Move m : legal)
        if (to_uci(m, chess960) == wanted) return m;
    for (Move m : legal)
        if (m.kind() == MoveKind::Castling && to_uci(m, !chess960) == wanted) return m;
    return Move::none();
}

std::expected<PositionCmd, UciError> parse_position(Words words, bool chess960) {
    PositionCmd cmd;
    std::size_t i = 1;
    if (i < words.size() && words[i] == "startpos") {
        cmd.start = Position();
        cmd.start.set_chess960(chess960);
        ++i;
    } else if (i < words.size() && words[i] == "fen") {
        const std::size_t begin = ++i;
        while (i < words.size() && words[i] != "moves") ++i;
        const std::string fen = joined(words.subspan(begin, i - begin));
        ValidateOptions options;
        options.variant = chess960 ? Variant::Chess960 : Variant::Standard;
        auto pos = position_from_fen(fen, options);
        if (!pos) return std::unexpected(bad_fen(fen, pos.error()));
        cmd.start = *pos;
    } else {
        return std::unexpected(make_error(K::MissingPosition, "position"));
    }
    if (i < words.size() && words[i] != "moves")
        return std::unexpected(make_error(K::UnknownToken, "position", std::string(words[i])));
    Position pos = cmd.start;
    for (std::size_t k = i + 1; k < words.size(); ++k) {
        const std::string_view text = words[k];
        const std::size_t index = k - i - 1;
        const Move m = find_uci_move(pos, text, chess960);
        if (!m) {
            UciError e = make_error(looks_like_uci_move(text) ? K::IllegalMove : K::BadMoveText, "position", {},
                                    std::string(text));
            e.index = index;
            e.kept = cmd.moves.size();
            if (e.kind == K::IllegalMove) {
                const Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
                const PieceType promo = text.size() == 5 ? promotion_of(text[4]) : PieceType::None;
                const Refusal why = explain_move(pos, from, to, promo);
                if (!why.ok()) e.refusal = why;
            }
            cmd.warning = std::move(e);
            break;
        }
        cmd.moves.push_back(m);
        pos.do_move(m);
    }
    return cmd;
}

std::expected<engine::SearchLimits, UciError> parse_go(Words words, const Position& pos, bool chess960) {
    engine::SearchLimits l;
    constexpr std::int64_t Time = std::int64_t{1} << 40;  // about 35 years in ms
    constexpr std::int64_t Big = std::numeric_limits<std::int64_t>::max();
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string_view w = words[i];
        std::expected<std::int64_t, UciError> v;
        if (w == "infinite") l.infinite = true;
        else if (w == "ponder") l.ponder = true;
        else if (w == "searchmoves") {
            while (i + 1 < words.size() && !is_go_keyword(words[i + 1])) {
                const std::string_view text = words[++i];
                const Move m = find_uci_move(pos, text, chess960);
                if (!m) return std::unexpected(make_error(K::BadMoveText, "go", {}, std::string(text)));
                // A move named twice (or in two spellings, e1g1 and e1h1 in Chess960) is searched once.
                if (std::find(l.searchmoves.begin(), l.searchmoves.end(), m) == l.searchmoves.end())
                    l.searchmoves.push_back(m);
            }
        } else if (w == "wtime" || w == "btime") {
            if (!(v = number_after(words, i, -Time, Time))) return std::unexpected(v.error());
            (w == "wtime" ? l.wtime : l.btime) = *v;
        } else if (w == "winc" || w == "binc") {
            if (!(v = number_after(words, i, 0, Time))) return std::unexpected(v.error());
            (w == "winc" ? l.winc : l.binc) = *v;
        } else if (w == "movestogo") {
            if (!(v = number_after(words, i, 0, 100000))) return std::unexpected(v.error());
            l.movestogo = static_cast<int>(*v);
        } else if (w == "depth") {
            if (!(v = number_after(words, i, 1, engine::MaxPly - 10))) return std::unexpected(v.error());
            l.depth = static_cast<int>(*v);
        } else if (w == "nodes") {
            if (!(v = number_after(words, i, 1, Big))) return std::unexpected(v.error());
            l.nodes = static_cast<std::uint64_t>(*v);
        } else if (w == "mate") {
            if (!(v = number_after(words, i, 1, engine::MaxPly / 2 - 5))) return std::unexpected(v.error());
            l.mate = static_cast<int>(*v);
        } else if (w == "movetime") {
            if (!(v = number_after(words, i, 1, Time))) return std::unexpected(v.error());
            l.movetime = *v;
        } else {
            return std::unexpected(make_error(K::UnknownToken, "go", std::string(w)));
        }
    }
    return l;
}

std::expected<Command, UciError> parse_command(std::string_view line, const ParseContext& context) {
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty()) return NoCmd{};
    const std::string_view cmd = words.front();
    const Words rest(words);
    const auto no_arguments = [&](Command c) -> std::expected<Command, UciError> {
        if (words.size() > 1)
            return std::unexpected(make_error(K::UnknownToken, std::string(cmd), std::string(words[1])));
        return c;
    };
    if (cmd == "uci") return no_arguments(UciCmd{});
    if (cmd == "isready") return no_arguments(IsReadyCmd{});
    if (cmd == "ucinewgame") return no_arguments(NewGameCmd{});
    if (cmd == "stop") return no_arguments(StopCmd{});
    if (cmd == "ponderhit") return no_arguments(PonderHitCmd{});
    if (cmd == "quit") return no_arguments(QuitCmd{});
    if (cmd == "d") return no_arguments(DisplayCmd{});
    if (cmd == "debug" || cmd == "register") return NoCmd{};
    if (cmd == "setoption") return parse_setoption(line, rest);
    if (cmd == "position") {
        auto p = parse_position(rest, context.chess960);
        if (!p) return std::unexpected(p.error());
        return std::move(*p);
    }
    if (cmd == "go") {
        const Position start;
        auto l = parse_go(rest, context.position ? *context.position : start, context.chess960);
        if (!l) return std::unexpected(l.error());
        return GoCmd{std::move(*l)};
    }
    return std::unexpected(make_error(K::UnknownCommand, "", std::string(cmd)));
}

}  // namespace schach::uci
