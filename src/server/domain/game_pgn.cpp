#include "server/domain/game_pgn.hpp"

#include <chrono>
#include <ctime>

#include "core/fen.hpp"
#include "game/clock.hpp"
#include "pgn/pgn.hpp"

namespace schach::server {

namespace {

std::string pgn_date(Millis wall) {
    const std::time_t t = static_cast<std::time_t>(wall / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

std::string player_name(const LiveGame& g, Color c) {
    const StoredSeat& s = g.seats()[c];
    if (s.engine) return "Schach level " + std::to_string(g.setup().level);
    return c == Color::White ? "White" : "Black";
}

}  // namespace

std::string game_pgn(const LiveGame& game) {
    const MoveRecords& records = game.move_records();
    PgnGame p;
    p.start = game.setup().start;
    const Outcome o = game.outcome();
    const std::string result = game.status() == Status::Over && o.result != Result::DoubleForfeit
                                   ? std::string(result_token(o.result))
                                   : "*";
    p.set_tag("Event",
              mode_id(game.setup().mode) == std::string_view("computer") ? "Game against the computer" : "Casual game");
    p.set_tag("Site", "schach serve");
    p.set_tag("Date", pgn_date(game.setup().created));
    p.set_tag("Round", "-");
    p.set_tag("White", player_name(game, Color::White));
    p.set_tag("Black", player_name(game, Color::Black));
    p.set_tag("Result", result);
    if (game.setup().chess960) p.set_tag("Variant", "Chess960");
    if (game.setup().chess960 || to_fen(p.start) != to_fen(Position())) {
        p.set_tag("SetUp", "1");
        p.set_tag("FEN", to_fen(p.start));
    }
    p.set_tag("TimeControl",
              game.setup().tc.empty()
                  ? "-"
                  : to_pgn_time_control(parse_time_control(game.setup().tc).value_or(TimeControl::untimed())));
    if (game.status() == Status::Over) p.set_tag("Termination", termination_tag(o.termination));
    if (game.status() == Status::Aborted) p.set_tag("Termination", "abandoned");
    std::uint32_t parent = 0;
    const auto& moves = game.match().game().moves();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        PgnNode node;
        node.move = moves[i];
        node.parent = parent;
        if (i < records.size() && records[i].clock)
            node.comments_after.push_back("[%clk " + format_clk(std::chrono::milliseconds(*records[i].clock)) + "]");
        p.nodes.push_back(std::move(node));
        const auto index = static_cast<std::uint32_t>(p.nodes.size() - 1);
        p.nodes[parent].children.push_back(index);
        parent = index;
    }
    p.result = result;
    return write_pgn(p);
}

}  // namespace schach::server
