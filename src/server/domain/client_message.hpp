#pragma once
// The commands a page or a script sends about a game (docs/web-protocol.md, client -> server), as
// typed values: server/api parses them once (a WebSocket message, an HTTP path), GameService acts
// on them. No JSON and no rules here.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "game/game.hpp"

namespace schach::server {

/// A move for the position after `ply` moves: UCI ("e2e4", castling "e1h1" or "e1g1") or SAN
/// (English or German letters). `a` is the page's counter, echoed in the ack; idempotence rests on
/// `ply` and the move, never on `a`.
struct MoveMessage {
    /// For the HTTP API's `POST .../move/{uci}`: the move is for the position now (not idempotent).
    static constexpr int CurrentPly = -1;
    int ply = 0;
    std::string text;
    bool is_san = false;
    std::optional<std::int64_t> a;
    friend bool operator==(const MoveMessage&, const MoveMessage&) = default;
};

enum class Answer : std::uint8_t { Offer, Accept, Decline };

struct DrawMessage {
    Answer answer = Answer::Offer;
    friend bool operator==(const DrawMessage&, const DrawMessage&) = default;
};
/// 9.2/9.3, with an optional intended move (written, declared, not yet played).
struct ClaimMessage {
    DrawClaim kind = DrawClaim::Threefold;
    std::optional<std::string> move;
    bool is_san = false;
    friend bool operator==(const ClaimMessage&, const ClaimMessage&) = default;
};
struct ResignMessage {
    friend bool operator==(const ResignMessage&, const ResignMessage&) = default;
};
struct AbortMessage {
    friend bool operator==(const AbortMessage&, const AbortMessage&) = default;
};
struct TakebackMessage {
    Answer answer = Answer::Offer;
    friend bool operator==(const TakebackMessage&, const TakebackMessage&) = default;
};
struct RematchMessage {
    Answer answer = Answer::Offer;
    friend bool operator==(const RematchMessage&, const RematchMessage&) = default;
};
struct PingMessage {
    friend bool operator==(const PingMessage&, const PingMessage&) = default;
};

using ClientMessage = std::variant<MoveMessage, DrawMessage, ClaimMessage, ResignMessage, AbortMessage, TakebackMessage,
                                   RematchMessage, PingMessage>;

/// The counter `a` of a move message (echoed in its ack or refusal), none for the others.
inline std::optional<std::int64_t> counter_of(const ClientMessage& message) {
    if (const auto* m = std::get_if<MoveMessage>(&message)) return m->a;
    return std::nullopt;
}

}  // namespace schach::server
