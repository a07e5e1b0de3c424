#pragma once
// A Store that hands every call to another one: tests derive from it and override the call they
// make fail or wait (a full disk, a slow commit).

#include "server/store.hpp"

namespace schach::server::test {

class ForwardingStore : public Store {
public:
    explicit ForwardingStore(Store& inner) : inner_(inner) {}

    std::expected<void, StoreError> create_game(const StoredGame& g, const std::vector<StoredSeat>& seats,
                                                const StoredEvent& e) override {
        return inner_.create_game(g, seats, e);
    }
    std::expected<void, StoreError> append_move(const GameId& id, const StoredMove& m, const GameUpdate& u,
                                                const std::vector<StoredEvent>& e) override {
        return inner_.append_move(id, m, u, e);
    }
    std::expected<void, StoreError> take_back(const GameId& id, int from, const GameUpdate& u,
                                              const std::vector<StoredEvent>& e) override {
        return inner_.take_back(id, from, u, e);
    }
    std::expected<void, StoreError> update_game(const GameId& id, const GameUpdate& u,
                                                const std::vector<StoredEvent>& e,
                                                const std::vector<StoredSeat>& seats) override {
        return inner_.update_game(id, u, e, seats);
    }
    std::expected<std::optional<LoadedGame>, StoreError> load_game(const GameId& id) override {
        return inner_.load_game(id);
    }
    std::expected<std::vector<GameId>, StoreError> games_with_status(Status s) override {
        return inner_.games_with_status(s);
    }
    std::expected<std::vector<GameId>, StoreError> games_of_browser(const std::string& b) override {
        return inner_.games_of_browser(b);
    }
    std::expected<std::vector<StoredEvent>, StoreError> events_after(const GameId& id, std::int64_t v) override {
        return inner_.events_after(id, v);
    }

private:
    Store& inner_;
};

}  // namespace schach::server::test
