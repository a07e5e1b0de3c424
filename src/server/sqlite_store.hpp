#pragma once
// SqliteStore: the Store in one SQLite file. WAL mode with synchronous=FULL (a committed move
// survives a power cut), a busy timeout, a schema version table with migrations, prepared
// statements with bound parameters only. One connection, guarded by a mutex: games write from
// their strands on several threads.

#include <expected>
#include <memory>
#include <mutex>
#include <string>

#include "server/store.hpp"

namespace schach::server {

struct Connection;

class SqliteStore final : public Store {
public:
    /// Opens (creating when missing) the database at `path` and migrates it to the current schema.
    static std::expected<std::unique_ptr<SqliteStore>, StoreError> open(const std::string& path);
    ~SqliteStore() override;
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

    /// The schema version this code writes.
    static constexpr int SchemaVersion = 2;
    /// Events kept per game.
    static constexpr int KeptEvents = 200;

    std::expected<void, StoreError> create_game(const StoredGame& game, const std::vector<StoredSeat>& seats,
                                                const StoredEvent& event) override;
    std::expected<void, StoreError> append_move(const GameId& id, const StoredMove& move, const GameUpdate& update,
                                                const std::vector<StoredEvent>& events) override;
    std::expected<void, StoreError> take_back(const GameId& id, int from_ply, const GameUpdate& update,
                                              const std::vector<StoredEvent>& events) override;
    std::expected<void, StoreError> update_game(const GameId& id, const GameUpdate& update,
                                                const std::vector<StoredEvent>& events,
                                                const std::vector<StoredSeat>& seats) override;
    std::expected<std::optional<LoadedGame>, StoreError> load_game(const GameId& id) override;
    std::expected<std::vector<GameId>, StoreError> games_with_status(Status status) override;
    std::expected<std::vector<GameId>, StoreError> games_of_browser(const std::string& browser) override;
    std::expected<std::vector<StoredEvent>, StoreError> events_after(const GameId& id, std::int64_t version) override;

private:
    explicit SqliteStore(std::unique_ptr<Connection> db);
    std::expected<void, StoreError> migrate();
    /// The games row and the event of every write (inside a transaction).
    std::expected<void, StoreError> write_update(const GameId& id, const GameUpdate& update,
                                                 const std::vector<StoredEvent>& events);

    std::unique_ptr<Connection> db_;
    std::mutex mutex_;
};

}  // namespace schach::server
