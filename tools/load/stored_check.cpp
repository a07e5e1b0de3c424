#include "stored_check.hpp"

#include <map>

#include <fmt/format.h>

#include "chaos_http.hpp"

namespace schach::load {
namespace {

constexpr std::size_t FirstFindings = 5;
constexpr const char* StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

void note(StoredCheck& c, std::string text) {
    if (c.first.size() < FirstFindings) c.first.push_back(std::move(text));
}

}  // namespace

StoredCheck judge_stored(const std::vector<chaos::ClientGame>& games, const std::vector<chaos::ServedGame>& served,
                         const std::vector<std::string>& unreadable) {
    StoredCheck c;
    c.games = static_cast<int>(games.size());
    for (const chaos::ClientGame& g : games) c.acked += static_cast<std::int64_t>(g.acked.size());
    // The load's games start from the standard position; the plies are the order shown.
    std::map<std::string, chaos::StoredGame> stored;
    for (const chaos::ServedGame& s : served) {
        chaos::StoredGame& g = stored[s.id];
        g.initial_fen = StartFen;
        for (std::size_t i = 0; i < s.moves.size(); ++i)
            g.moves.push_back(chaos::StoredMove{static_cast<int>(i), s.moves[i], std::nullopt});
    }
    // A game the server could not show is counted once, as unreadable, not once more as missing.
    std::vector<chaos::ClientGame> shown;
    for (const chaos::ClientGame& g : games)
        if (stored.contains(g.id)) shown.push_back(g);
    for (const std::string& error : unreadable) {
        ++c.unreadable;
        note(c, error);
    }
    for (const chaos::Violation& v : chaos::check_histories(shown, stored)) {
        const bool lost = v.kind == chaos::ViolationKind::LostAck || v.kind == chaos::ViolationKind::AckDiffers;
        if (lost) ++c.missing;
        else ++c.unreadable;
        note(c, fmt::format("{} {}: {}", chaos::violation_kind_id(v.kind), v.game, v.detail));
    }
    return c;
}

StoredCheck check_stored(const std::string& host, std::uint16_t port, const std::vector<chaos::ClientGame>& games) {
    std::vector<chaos::ServedGame> served;
    std::vector<std::string> unreadable;
    for (const chaos::ClientGame& g : games) {
        int redirects = 0;
        auto s = chaos::fetch_served(host, port, g.id, redirects);
        if (s) served.push_back(std::move(*s));
        else unreadable.push_back(g.id + ": " + s.error());
    }
    return judge_stored(games, served, unreadable);
}

}  // namespace schach::load
