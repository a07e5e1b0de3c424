#pragma once
// Blocking faces of the asynchronous Store and GameService, for tests written as a sequence of
// calls: each call waits for its completion. Never from the runtime's own threads.

#include <future>

#include "server/domain/game_service.hpp"
#include "server/domain/store.hpp"

namespace schach::server::test {

/// Calls `start` with a completion and waits for the value handed to it.
template <class T, class Start>
T wait_for(Start start) {
    std::promise<T> promise;
    auto future = promise.get_future();
    start([&promise](T value) { promise.set_value(std::move(value)); });
    return future.get();
}

class SyncStore {
public:
    explicit SyncStore(Store& store) : s_(store) {}
    template <class T>
    using R = std::expected<T, StoreError>;

    R<void> create_game(const StoredGame& g, const std::vector<StoredSeat>& seats, const StoredEvent& e) {
        return wait_for<R<void>>([&](auto done) { s_.create_game(g, seats, e, done); });
    }
    R<void> append_move(const GameId& id, const StoredMove& m, const GameUpdate& u, const std::vector<StoredEvent>& e) {
        return wait_for<R<void>>([&](auto done) { s_.append_move(id, m, u, e, done); });
    }
    R<void> take_back(const GameId& id, int from, const GameUpdate& u, const std::vector<StoredEvent>& e) {
        return wait_for<R<void>>([&](auto done) { s_.take_back(id, from, u, e, done); });
    }
    R<void> update_game(const GameId& id, const GameUpdate& u, const std::vector<StoredEvent>& e,
                        const std::vector<StoredSeat>& seats = {}) {
        return wait_for<R<void>>([&](auto done) { s_.update_game(id, u, e, seats, done); });
    }
    R<std::optional<LoadedGame>> load_game(const GameId& id) {
        return wait_for<R<std::optional<LoadedGame>>>([&](auto done) { s_.load_game(id, done); });
    }
    R<std::optional<LoadedGame>> claim_game(const GameId& id) {
        return wait_for<R<std::optional<LoadedGame>>>([&](auto done) { s_.claim_game(id, done); });
    }
    R<std::vector<GameId>> take_orphans(int limit) {
        return wait_for<R<std::vector<GameId>>>([&](auto done) { s_.take_orphans(limit, done); });
    }
    R<std::vector<GameId>> games_with_status(Status s) {
        return wait_for<R<std::vector<GameId>>>([&](auto done) { s_.games_with_status(s, done); });
    }
    R<std::vector<GameId>> games_of_browser(const std::string& b) {
        return wait_for<R<std::vector<GameId>>>([&](auto done) { s_.games_of_browser(b, done); });
    }
    R<std::vector<StoredEvent>> events_after(const GameId& id, std::int64_t v) {
        return wait_for<R<std::vector<StoredEvent>>>([&](auto done) { s_.events_after(id, v, done); });
    }
    R<void> import_game(const StoredGame& g, const std::vector<StoredSeat>& seats, const std::vector<StoredMove>& moves,
                        const StoredEvent& e) {
        return wait_for<R<void>>([&](auto done) { s_.import_game(g, seats, moves, e, done); });
    }
    R<void> queue_analysis(const StoredAnalysis& a) {
        return wait_for<R<void>>([&](auto done) { s_.queue_analysis(a, done); });
    }
    R<void> save_analysis(const StoredAnalysis& a) {
        return wait_for<R<void>>([&](auto done) { s_.save_analysis(a, done); });
    }
    R<std::optional<StoredAnalysis>> load_analysis(const GameId& id) {
        return wait_for<R<std::optional<StoredAnalysis>>>([&](auto done) { s_.load_analysis(id, done); });
    }
    R<std::vector<StoredAnalysis>> queued_analyses() {
        return wait_for<R<std::vector<StoredAnalysis>>>([&](auto done) { s_.queued_analyses(done); });
    }
    R<std::vector<StoredAnalysis>> analyses_requested_since(Millis since) {
        return wait_for<R<std::vector<StoredAnalysis>>>([&](auto done) { s_.analyses_requested_since(since, done); });
    }
    R<void> save_mistakes(const GameId& game, const std::vector<StoredMistake>& m) {
        return wait_for<R<void>>([&](auto done) { s_.save_mistakes(game, m, done); });
    }
    R<std::vector<GameId>> analyses_without_mistakes() {
        return wait_for<R<std::vector<GameId>>>([&](auto done) { s_.analyses_without_mistakes(done); });
    }
    R<std::vector<StoredMistake>> load_mistakes(const std::string& browser) {
        return wait_for<R<std::vector<StoredMistake>>>([&](auto done) { s_.load_mistakes(browser, done); });
    }
    R<void> update_mistake(const StoredMistake& m) {
        return wait_for<R<void>>([&](auto done) { s_.update_mistake(m, done); });
    }

private:
    Store& s_;
};

inline SyncStore sync(Store& store) { return SyncStore(store); }

/// GameService with the answers waited for.
class SyncService {
public:
    explicit SyncService(GameService& service) : s_(service) {}
    template <class T>
    using R = std::expected<T, ServiceError>;

    GameService& async() { return s_; }
    R<CreatedGame> create_game(const CreateGameRequest& request, const Caller& caller) {
        return wait_for<R<CreatedGame>>([&](auto done) { s_.create_game(request, caller, done); });
    }
    R<JoinedGame> join(const GameId& id, const std::string& invite, const Caller& caller) {
        return wait_for<R<JoinedGame>>([&](auto done) { s_.join(id, invite, caller, done); });
    }
    R<JoinedGame> join_rematch(const GameId& id, const GameId& old_id, const Caller& caller) {
        return wait_for<R<JoinedGame>>([&](auto done) { s_.join_rematch(id, old_id, caller, done); });
    }
    void act(const GameId& id, const Caller& caller, ClientMessage message, ReplyHandler reply) {
        s_.act(id, caller, std::move(message), std::move(reply));
    }
    R<Subscription> subscribe(const GameId& id, std::optional<std::int64_t> since, EventHandler handler) {
        return wait_for<R<Subscription>>([&](auto done) { s_.subscribe(id, since, std::move(handler), done); });
    }
    R<GameState> state(const GameId& id, const Caller& caller) {
        return wait_for<R<GameState>>([&](auto done) { s_.state(id, caller, done); });
    }
    R<std::string> pgn(const GameId& id, Language = Language::English) {
        return wait_for<R<std::string>>([&](auto done) { s_.pgn(id, done); });
    }
    R<CoachAdvice> coach(const GameId& id, const Caller& caller, std::optional<std::int64_t> ply = std::nullopt) {
        return wait_for<R<CoachAdvice>>([&](auto done) { s_.coach(id, caller, ply, done); });
    }
    R<AnalysisReport> request_analysis(const GameId& id, const Caller& caller) {
        return wait_for<R<AnalysisReport>>([&](auto done) { s_.request_analysis(id, caller, done); });
    }
    R<AnalysisReport> analysis(const GameId& id) {
        return wait_for<R<AnalysisReport>>([&](auto done) { s_.analysis(id, done); });
    }
    R<MistakeTry> try_move(const GameId& id, int ply, const std::string& uci) {
        return wait_for<R<MistakeTry>>([&](auto done) { s_.try_move(id, ply, uci, done); });
    }
    R<GameId> import_game(const ImportRequest& request, const Caller& caller) {
        return wait_for<R<GameId>>([&](auto done) { s_.import_game(request, caller, done); });
    }
    std::vector<GameSummary> list_games(const std::string& browser) {
        return wait_for<std::vector<GameSummary>>([&](auto done) { s_.list_games(browser, done); });
    }
    void check_flags() { s_.check_flags(); }
    std::size_t unload_idle() {
        return wait_for<std::size_t>([&](auto done) { s_.unload_idle(done); });
    }
    std::size_t live_games() const { return s_.live_games(); }
    void drain() { s_.drain(); }

private:
    GameService& s_;
};

}  // namespace schach::server::test
