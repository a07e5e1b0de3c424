#include "server/api/board_json.hpp"

#include <boost/json/array.hpp>

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

}  // namespace schach::server
