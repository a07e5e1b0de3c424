#include "server/domain/mistake_records.hpp"

#include <algorithm>
#include <charconv>

#include "core/fen.hpp"
#include "notation/notation.hpp"

namespace schach::server {

ByColor<std::string> exercise_browsers(Mode mode, bool imported, const ByColor<StoredSeat>& seats) {
    ByColor<std::string> out;
    if (mode == Mode::Local || imported) return out;
    for (Color c : {Color::White, Color::Black})
        if (!seats[c].engine) out[c] = seats[c].browser;
    return out;
}

std::vector<StoredMistake> mistake_exercises(const GameId& game, const Position& start, std::span<const Move> moves,
                                             const std::vector<review::PositionEval>& positions,
                                             const ByColor<std::string>& browsers, Millis now) {
    std::vector<StoredMistake> out;
    if (positions.size() != moves.size() + 1) return out;
    review::GameReview r;
    r.start = start;
    r.positions = positions;
    r.total_plies = static_cast<int>(moves.size());
    review::assemble(r, moves);
    const bool chess960 = start.is_chess960();
    Position before = start;
    for (const review::PlyReview& p : r.plies) {
        const review::Judgement j = p.verdict.judgement;
        const std::string& browser = browsers[p.mover];
        const Move best = p.best();
        if ((j == review::Judgement::Mistake || j == review::Judgement::Blunder) && !browser.empty() &&
            best != Move::none() && best != p.move) {
            StoredMistake m;
            m.browser = browser;
            m.game = game;
            m.ply = p.ply;
            m.fen = to_fen(before, chess960 ? FenFormat::Shredder : FenFormat::XFen);
            m.chess960 = chess960;
            m.played = to_uci(p.move, true);
            m.best = to_uci(best, true);
            m.blunder = j == review::Judgement::Blunder;
            m.created = now;
            m.due = now;
            out.push_back(std::move(m));
        }
        before.do_move(p.move);
    }
    return out;
}

std::string mistake_id(const GameId& game, int ply) { return game + "-" + std::to_string(ply); }

std::optional<std::pair<GameId, int>> parse_mistake_id(std::string_view id) {
    const std::size_t dash = id.rfind('-');
    if (dash == std::string_view::npos || dash == 0 || dash + 1 >= id.size() || dash > 32) return std::nullopt;
    const std::string_view game = id.substr(0, dash);
    if (!std::all_of(game.begin(), game.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }))
        return std::nullopt;
    int ply = 0;
    const char* end = id.data() + id.size();
    const auto [ptr, ec] = std::from_chars(id.data() + dash + 1, end, ply);
    if (ec != std::errc() || ptr != end || ply < 1 || ply > 10'000) return std::nullopt;
    return std::pair{GameId(game), ply};
}

}  // namespace schach::server
