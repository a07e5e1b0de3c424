#include "server/api/board_json.hpp"

#include <boost/json/array.hpp>

#include "core/fen.hpp"
#include "core/movegen.hpp"

namespace schach::server {
namespace json = boost::json;

void add_destination(json::object& map, const std::string& from, const std::string& to) {
    json::array& list = map[from].is_array() ? map[from].as_array() : map[from].emplace_array();
    for (const json::value& x : list)
        if (x.as_string() == to) return;
    list.emplace_back(to);
}

BoardMoves board_moves(const Position& pos) {
    BoardMoves out;
    const Color us = pos.side_to_move();
    for (Move m : legal_moves(pos)) {
        const std::string from = to_string(m.from()), to = to_string(m.to());
        add_destination(out.dests, from, to);
        if (m.kind() == MoveKind::Castling) {
            json::object& k = out.castling[from].is_object() ? out.castling[from].as_object()
                                                             : out.castling[from].emplace_object();
            k[to] = to_string(Position::king_target(us, pos.castling_side(m)));
        }
    }
    return out;
}

json::value check_json(const Position& pos) {
    if (!pos.in_check()) return nullptr;
    return json::value(to_string(pos.king(pos.side_to_move())));
}

json::object board_step_json(const Position& pos, Move last, Color mover) {
    BoardMoves moves = board_moves(pos);
    json::value lm = nullptr;
    if (last) {
        const CastlingSide side = last.to() > last.from() ? CastlingSide::King : CastlingSide::Queen;
        const Square to = last.kind() == MoveKind::Castling ? Position::king_target(mover, side) : last.to();
        lm = json::array{json::value(to_string(last.from())), json::value(to_string(to))};
    }
    return json::object{{"fen", to_fen(pos)},
                        {"turn", pos.side_to_move() == Color::White ? "white" : "black"},
                        {"dests", std::move(moves.dests)},
                        {"castling", std::move(moves.castling)},
                        {"check", check_json(pos)},
                        {"lastMove", std::move(lm)}};
}

}  // namespace schach::server
