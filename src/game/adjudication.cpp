#include "game/adjudication.hpp"

#include <algorithm>
#include <cctype>

#include "game/game.hpp"

namespace schach {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

/// Termination tags under which a decisive result without a board reason is a resignation.
bool is_resignation_tag(const std::optional<std::string>& termination) {
    if (!termination) return true;
    const std::string t = lower(*termination);
    return t.empty() || t == "normal" || t.find("resign") != std::string::npos;
}

/// The side that lost on time, if the record says a flag fell: by the Termination tag or by a
/// [%clk 0:00:00] after a side's last move. The loser is the side the record has losing, else
/// the side whose clock shows zero, else the side to move (whose clock was running).
std::optional<Color> time_loser(const Game& game, const GameRecord& record) {
    const bool zero_white = record.last_clock[Color::White] && *record.last_clock[Color::White] <= 0;
    const bool zero_black = record.last_clock[Color::Black] && *record.last_clock[Color::Black] <= 0;
    if (!(record.termination && is_time_forfeit_tag(*record.termination)) && !zero_white && !zero_black)
        return std::nullopt;
    if (record.recorded == "1-0") return Color::Black;
    if (record.recorded == "0-1") return Color::White;
    if (zero_white != zero_black) return zero_white ? Color::White : Color::Black;
    return game.position().side_to_move();
}

}  // namespace

bool is_time_forfeit_tag(std::string_view termination) {
    const std::string t = lower(termination);
    return t.find("time forfeit") != std::string::npos || t.find("time-forfeit") != std::string::npos ||
           t.find("on time") != std::string::npos || t.find("timeout") != std::string::npos ||
           t.find("time out") != std::string::npos;
}

std::string adjudication_label(const Adjudication& a) {
    switch (a.verdict) {
        case Adjudication::Verdict::Over: return std::string(termination_id(a.laws.termination));
        case Adjudication::Verdict::ClaimableThreefold: return "claimable threefold-repetition";
        case Adjudication::Verdict::ClaimableFifty: return "claimable fifty-moves";
        case Adjudication::Verdict::Ongoing: return "ongoing";
        case Adjudication::Verdict::NotReplayable: return "not-replayable";
    }
    return "ongoing";
}

Adjudication adjudicate(const Position& start, std::span<const Move> moves, const GameRecord& record) {
    Adjudication a;
    a.plies = static_cast<int>(moves.size());
    Game game(start, GameOptions{.stop_at_end = false});
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!game.play(moves[i])) {
            a.verdict = Adjudication::Verdict::NotReplayable;
            a.bad_ply = static_cast<int>(i) + 1;
            return a;
        }
    }
    if (const auto end = game.first_end()) {
        a.laws = end->outcome;
        a.end_ply = end->ply;
    } else if (const Outcome now = game.outcome(); now.is_over()) {
        a.laws = now;
    } else if (const auto loser = time_loser(game, record)) {
        const Color winner = ~*loser;
        if (auto flagged = game.flag(*loser)) a.laws = *flagged;
        if (!game.can_win(winner)) {
            a.cannot_mate = winner;
            a.cannot_mate_article = "6.9";
        }
    } else if (const auto r = parse_result_token(record.recorded);
               r && (*r == Result::WhiteWins || *r == Result::BlackWins) && is_resignation_tag(record.termination) &&
               !game.can_win(*r == Result::WhiteWins ? Color::White : Color::Black)) {
        const Color winner = *r == Result::WhiteWins ? Color::White : Color::Black;
        if (auto resigned = game.resign(~winner)) a.laws = *resigned;
        a.cannot_mate = winner;
        a.cannot_mate_article = "5.1.2";
    } else if (game.can_claim(DrawClaim::Threefold)) {
        a.verdict = Adjudication::Verdict::ClaimableThreefold;
        return a;
    } else if (game.can_claim(DrawClaim::FiftyMoves)) {
        a.verdict = Adjudication::Verdict::ClaimableFifty;
        return a;
    }
    if (!a.laws.is_over()) return a;  // Ongoing
    a.verdict = Adjudication::Verdict::Over;
    a.differs = !record.recorded.empty() && record.recorded != result_token(a.laws.result);
    return a;
}

std::string move_number_of_ply(const Position& start, int plies) {
    // The last ply played is number plies - 1 counted from the start position.
    const int absolute = start.ply() + plies - 1;
    return std::to_string(absolute / 2 + 1) + (absolute % 2 == 0 ? "." : "...");
}

}  // namespace schach
