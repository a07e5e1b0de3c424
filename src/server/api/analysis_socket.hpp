#pragma once
// The analysis board's WebSocket (`/api/v1/analysis/socket`, docs/web-protocol.md): the client
// asks for the engine's lines of a position (`analyse`) and stops them (`stop`); the session
// checks the position, runs one search at a time on the LineSearchPool (a new position cancels
// the old search) and renders each report as a `lines` message, with the opening of the
// position in the connection's language. The transport gives it the text of each message and a
// sink for what goes back; it knows no engine.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "notation/language.hpp"
#include "server/api/handler.hpp"  // EventSink
#include "server/domain/line_search.hpp"

namespace schach::server {

/// The most moves an `analyse` may carry (the frame limit allows about 600).
inline constexpr std::size_t MaxAnalysisMoves = 600;

class AnalysisSession {
public:
    /// `sink` gets every message for the client (from any thread; it must not block); `client`:
    /// the client's address, the key of the pool's turns and limit per client.
    AnalysisSession(LineSearchPool& pool, Language lang, EventSink sink, std::string client = {});
    AnalysisSession(const AnalysisSession&) = delete;
    AnalysisSession& operator=(const AnalysisSession&) = delete;

    /// One text message of the client; the answers go to the sink.
    void message(std::string_view text);
    /// Stops the running search (the connection ends, or `stop`).
    void stop() { ticket_.cancel(); }

private:
    void analyse(std::int64_t id, const Position& start, std::span<const Move> moves, int multipv);
    void error(std::string_view code, std::optional<std::int64_t> id, boost::json::object extra = {});

    LineSearchPool& pool_;
    Language lang_;
    EventSink sink_;
    std::string client_;
    LineSearchPool::Ticket ticket_;
};

/// A `lines` message of a report: evaluations from White's view (`{cp}` or `{mate}`, a mate
/// negative when Black mates), each line's moves in UCI and in English SAN.
std::string lines_message(std::int64_t id, const Position& end, const LineUpdate& update);

}  // namespace schach::server
