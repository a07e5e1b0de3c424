#pragma once
// The moves of a game as its views hold them. Every event keeps a view of the game after it, so a
// plain vector would copy every move (with its FEN) into each of a game's kept events: 5-7 KiB
// per game and ply. MoveRecords are a SharedList instead: a view costs a pointer and a number.

#include <optional>
#include <string>

#include "server/domain/shared_list.hpp"

namespace schach::server {

using Millis = std::int64_t;

struct MoveRecord {
    std::string uci;              // castling as king onto rook (e1h1), as the page sends it
    std::string san;              // English letters
    std::optional<Millis> clock;  // the mover's time after it
    std::string fen;              // the position after it
    friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

using MoveRecords = SharedList<MoveRecord>;

}  // namespace schach::server
