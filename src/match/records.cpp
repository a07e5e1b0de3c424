#include "match/records.hpp"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <optional>

#include "core/fen.hpp"
#include "game/clock.hpp"

namespace schach::match {
namespace {

std::string score_text(const engine::Score& s) {
    if (s.kind == engine::Score::Kind::Mate) return fmt::format("{}M{}", s.value < 0 ? "-" : "+", std::abs(s.value));
    return fmt::format("{:+.2f}", s.value / 100.0);
}

double white_score(Result r) { return r == Result::WhiteWins ? 1.0 : r == Result::Draw ? 0.5 : 0.0; }

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

}  // namespace

std::string move_comment(const PlayedMove& move) {
    const double seconds = static_cast<double>(move.used.count()) / 1000.0;
    std::string text = move.report.score
                           ? fmt::format("{}/{} {:.2f}s", score_text(*move.report.score), move.report.depth, seconds)
                           : fmt::format("{:.2f}s", seconds);
    if (move.clock) text += fmt::format(" [%clk {}]", format_clk(*move.clock));
    return text;
}

std::string_view termination_tag_for(EndReason reason) {
    switch (reason) {
        case EndReason::Rules: return "normal";
        case EndReason::TimeForfeit: return "time forfeit";
        case EndReason::IllegalMove: return "rules infraction";
        case EndReason::Crash:
        case EndReason::Stall:
        case EndReason::NotReady: return "abandoned";
        case EndReason::ResignAdjudicated:
        case EndReason::DrawAdjudicated: return "adjudication";
    }
    return "unterminated";
}

PgnGame to_pgn_game(const GameRecord& record, const GameLabel& label, std::string_view reason) {
    PgnGame g;
    const std::string result(result_token(record.outcome.result));
    g.set_tag("Event", label.event);
    g.set_tag("Site", label.site);
    g.set_tag("Date", label.date);
    g.set_tag("Round", label.round);
    g.set_tag("White", label.white);
    g.set_tag("Black", label.black);
    g.set_tag("Result", result);
    const Position& start = record.opening.start;
    if (label.chess960 || start.is_chess960()) g.set_tag("Variant", "Chess960");
    if (start.is_chess960() || to_fen(start) != StartFen) {
        g.set_tag("FEN", to_fen(start, FenFormat::XFen));
        g.set_tag("SetUp", "1");
    }
    g.set_tag("TimeControl", record.tc ? to_pgn_time_control(*record.tc) : "-");
    g.set_tag("Termination", std::string(termination_tag_for(record.reason)));
    g.set_tag("PlyCount", std::to_string(record.opening.moves.size() + record.moves.size()));
    g.start = start;
    std::uint32_t parent = 0;
    const auto add = [&](Move m) {
        PgnNode node;
        node.move = m;
        node.parent = parent;
        g.nodes.push_back(node);
        const auto index = static_cast<std::uint32_t>(g.nodes.size() - 1);
        g.nodes[parent].children.push_back(index);
        parent = index;
    };
    for (const Move m : record.opening.moves) add(m);
    for (const PlayedMove& m : record.moves) {
        add(m.move);
        g.nodes.back().comments_after.push_back(move_comment(m));
    }
    if (!reason.empty()) {
        if (parent == 0) g.game_comments.emplace_back(reason);
        else g.nodes[parent].comments_after.emplace_back(reason);
    }
    g.result = result;
    return g;
}

std::vector<std::string> quiet_positions(const GameRecord& record) {
    std::vector<std::string> lines;
    if (!record.outcome.is_over() || record.outcome.result == Result::DoubleForfeit || is_engine_failure(record.reason))
        return lines;
    const std::string score = fmt::format("[{:.1f}]", white_score(record.outcome.result));
    Position pos = record.opening.start;
    for (const Move m : record.opening.moves) pos.do_move(m);
    for (const PlayedMove& played : record.moves) {
        const Move m = played.move;
        if (!pos.in_check() && !pos.is_capture(m) && m.kind() != MoveKind::Promotion)
            lines.push_back(fmt::format("{} {}", to_fen(pos, FenFormat::XFen), score));
        pos.do_move(m);
    }
    return lines;
}

std::string journal_header(std::string_view fingerprint, const std::vector<int>& games) {
    std::string out = fmt::format("schach-match-journal 1 {}", fingerprint);
    if (!games.empty()) out += fmt::format(" games={}", fmt::join(games, ","));
    return out;
}

namespace {

/// The counts of " games=4,4,2" after the header's fingerprint; nullopt for anything else.
std::optional<std::vector<int>> header_games(std::string_view rest) {
    std::vector<int> out;
    if (rest.empty()) return out;
    constexpr std::string_view Key = " games=";
    if (!rest.starts_with(Key)) return std::nullopt;
    rest.remove_prefix(Key.size());
    while (!rest.empty()) {
        const std::size_t comma = std::min(rest.find(','), rest.size());
        int n = 0;
        const std::string_view word = rest.substr(0, comma);
        if (std::from_chars(word.data(), word.data() + word.size(), n).ec != std::errc() || n < 0) return std::nullopt;
        out.push_back(n);
        rest.remove_prefix(std::min(comma + 1, rest.size()));
    }
    return out;
}

}  // namespace

std::string journal_line(const JournalEntry& e) {
    return fmt::format("{} {} {} {} {} {}", e.game, result_token(e.result), end_reason_id(e.reason), e.plies, e.pgn_end,
                       e.positions_end);
}

JournalRead read_journal(std::string_view text, std::string_view fingerprint) {
    JournalRead out;
    std::size_t pos = 0;
    bool first = true, other_match = false;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) break;  // an unfinished last line: the game did not finish
        const std::string_view line = text.substr(pos, nl - pos);
        pos = nl + 1;
        if (first) {
            first = false;
            const std::string head = journal_header(fingerprint);
            const auto games = line.starts_with(head) ? header_games(line.substr(head.size())) : std::nullopt;
            other_match = !games;
            if (games) out.games = *games;
            continue;
        }
        const auto w = split(line);
        if (w.size() != 6) continue;
        JournalEntry e;
        const auto read = [](std::string_view word, auto& value) {
            return std::from_chars(word.data(), word.data() + word.size(), value).ec == std::errc();
        };
        const auto result = parse_result_token(w[1]);
        const auto reason = parse_end_reason(w[2]);
        if (!read(w[0], e.game) || !read(w[3], e.plies) || !read(w[4], e.pgn_end) || !read(w[5], e.positions_end) ||
            !result || !reason)
            continue;
        e.result = *result;
        e.reason = *reason;
        out.entries[e.game] = e;
    }
    // Another match's journal counts only when it holds finished games (else nothing is lost).
    if (other_match && !out.entries.empty()) {
        out.matches = false;
        out.entries.clear();
    }
    return out;
}

}  // namespace schach::match
