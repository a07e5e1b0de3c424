#pragma once
// The HTTP API of "My mistakes" (docs/web-protocol.md, "One's own mistakes"), on MistakeService:
//   GET  /api/v1/mistakes/next       {exercise: {...} | null, stats}: the exercise due longest ago
//   POST /api/v1/mistakes/{id}/try   {uci} -> {verdict, san, text, ..., counted, exercise, stats}
//   POST /api/v1/mistakes/{id}/answer     -> {best, board, counted, exercise, stats}
//   GET  /api/v1/mistakes/stats      {count, due, solved, nextDue}
// Per browser (its cookie `b`, which the transport gives a browser that has none).

#include <string>
#include <string_view>
#include <vector>

#include "server/api/handler.hpp"
#include "server/api/protocol.hpp"
#include "server/domain/mistake_service.hpp"

namespace schach::server {

class MistakeApi {
public:
    explicit MistakeApi(MistakeService& service) : service_(service) {}
    /// A request under /api/v1/mistakes (`rest`: the segments after "mistakes"; `body` a POST's).
    /// Answers through `done` once, from any thread.
    void handle(bool post, const std::vector<std::string>& rest, const Target& target, std::string_view body,
                const Client& client, ReplySink done);

private:
    MistakeService& service_;
};

}  // namespace schach::server
