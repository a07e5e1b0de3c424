#pragma once
// A Store that hands every call to another one: tests derive from it and override the call they
// make fail or wait (a full disk, a slow commit, another writer first).

#include "server/domain/store.hpp"

namespace schach::server::test {

class ForwardingStore : public Store {
public:
    explicit ForwardingStore(Store& inner) : inner_(inner) {}

    void create_game(const StoredGame& g, const std::vector<StoredSeat>& seats, const StoredEvent& e,
                     StoreDone<void> done) override {
        inner_.create_game(g, seats, e, std::move(done));
    }
    void append_move(const GameId& id, const StoredMove& m, const GameUpdate& u, const std::vector<StoredEvent>& e,
                     StoreDone<void> done) override {
        inner_.append_move(id, m, u, e, std::move(done));
    }
    void take_back(const GameId& id, int from, const GameUpdate& u, const std::vector<StoredEvent>& e,
                   StoreDone<void> done) override {
        inner_.take_back(id, from, u, e, std::move(done));
    }
    void update_game(const GameId& id, const GameUpdate& u, const std::vector<StoredEvent>& e,
                     const std::vector<StoredSeat>& seats, StoreDone<void> done) override {
        inner_.update_game(id, u, e, seats, std::move(done));
    }
    void load_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) override {
        inner_.load_game(id, std::move(done));
    }
    void games_with_status(Status s, StoreDone<std::vector<GameId>> done) override {
        inner_.games_with_status(s, std::move(done));
    }
    void games_of_browser(const std::string& b, StoreDone<std::vector<GameId>> done) override {
        inner_.games_of_browser(b, std::move(done));
    }
    void events_after(const GameId& id, std::int64_t v, StoreDone<std::vector<StoredEvent>> done) override {
        inner_.events_after(id, v, std::move(done));
    }

    void import_game(const StoredGame& g, const std::vector<StoredSeat>& seats, const std::vector<StoredMove>& moves,
                     const StoredEvent& e, StoreDone<void> done) override {
        inner_.import_game(g, seats, moves, e, std::move(done));
    }
    void queue_analysis(const StoredAnalysis& a, StoreDone<void> done) override {
        inner_.queue_analysis(a, std::move(done));
    }
    void save_analysis(const StoredAnalysis& a, StoreDone<void> done) override {
        inner_.save_analysis(a, std::move(done));
    }
    void load_analysis(const GameId& id, StoreDone<std::optional<StoredAnalysis>> done) override {
        inner_.load_analysis(id, std::move(done));
    }
    void queued_analyses(StoreDone<std::vector<StoredAnalysis>> done) override {
        inner_.queued_analyses(std::move(done));
    }
    void analyses_requested_since(Millis since, StoreDone<std::vector<StoredAnalysis>> done) override {
        inner_.analyses_requested_since(since, std::move(done));
    }

    void save_mistakes(const GameId& game, const std::vector<StoredMistake>& m, StoreDone<void> done) override {
        inner_.save_mistakes(game, m, std::move(done));
    }
    void analyses_without_mistakes(StoreDone<std::vector<GameId>> done) override {
        inner_.analyses_without_mistakes(std::move(done));
    }
    void load_mistakes(const std::string& browser, StoreDone<std::vector<StoredMistake>> done) override {
        inner_.load_mistakes(browser, std::move(done));
    }
    void update_mistake(const StoredMistake& m, StoreDone<void> done) override {
        inner_.update_mistake(m, std::move(done));
    }

private:
    Store& inner_;
};

}  // namespace schach::server::test
