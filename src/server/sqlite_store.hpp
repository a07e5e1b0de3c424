#pragma once
// SqliteStore: the Store in one SQLite file. WAL mode with synchronous=FULL (a committed move
// survives a power cut), a busy timeout, a schema version table with migrations, prepared
// statements with bound parameters only. One connection, guarded by a mutex: games write from
// their strands on several threads. Writes go through a group commit (server/group_commit): the
// writes that wait while a commit runs share the next transaction, each in a savepoint of its
// own (a failing write is rolled back alone), so a commit's fsync serves many moves; each call
// still returns only once its write is committed. The WAL is checkpointed by a thread of its own
// on a second connection (PASSIVE, beside the writes), not inside a commit, where SQLite's
// automatic checkpoint would hold up every waiting move for the time of the copy and its fsync.

#include <expected>
#include <memory>
#include <mutex>
#include <string>

#include "server/group_commit.hpp"
#include "server/store.hpp"

namespace schach::server {

struct Connection;
struct Checkpointer;

class SqliteStore final : public Store {
public:
    /// Opens (creating when missing) the database at `path` and migrates it to the current schema.
    static std::expected<std::unique_ptr<SqliteStore>, StoreError> open(const std::string& path);
    ~SqliteStore() override;
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

    /// The schema version this code writes.
    static constexpr int SchemaVersion = 4;
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

    explicit SqliteStore(std::unique_ptr<Connection> db);
    std::expected<void, StoreError> migrate();
    /// Batches committed so far (a write alone is a batch of one).
    std::uint64_t commits() const { return group_.batches(); }

private:
    /// The games row and the event of every write (inside a transaction).
    std::expected<void, StoreError> write_update(const GameId& id, const GameUpdate& update,
                                                 const std::vector<StoredEvent>& events);

    /// Runs `write` in the next group commit.
    std::expected<void, StoreError> write(const GroupCommit::Write& write);
    /// One transaction for the batch, a savepoint per write. Under mutex_.
    std::vector<GroupCommit::Result> run_batch(std::span<const GroupCommit::Write* const> writes);

    std::unique_ptr<Connection> db_;
    std::mutex mutex_;  // the connection
    GroupCommit group_;
    std::unique_ptr<Checkpointer> checkpointer_;  // last: stops before the connection closes
};

}  // namespace schach::server
