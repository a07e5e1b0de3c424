#pragma once
// SqliteStore: the Store in one SQLite file. WAL mode with synchronous=FULL (a committed move
// survives a power cut), a busy timeout, a schema version table with migrations, prepared
// statements with bound parameters only. One connection, used by one thread: the group commit's
// (server/group_commit). The writes that wait while a commit runs share the next transaction,
// each in a savepoint of its own (a failing write is rolled back alone), so a commit's fsync
// serves many moves; each write's completion is called once it is committed. Reads run on the
// same thread between two commits. The WAL is checkpointed by a thread of its own
// on a second connection (PASSIVE, beside the writes), not inside a commit, where SQLite's
// automatic checkpoint would hold up every waiting move for the time of the copy and its fsync.

#include <expected>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <variant>

#include "server/domain/puzzle_store.hpp"
#include "server/domain/store.hpp"
#include "server/sqlite/group_commit.hpp"

namespace schach::server {

struct Connection;
struct Checkpointer;

class SqliteStore final : public Store, public PuzzleStore {
public:
    /// Opens (creating when missing) the database at `path` and migrates it to the current schema.
    static std::expected<std::unique_ptr<SqliteStore>, StoreError> open(const std::string& path);
    ~SqliteStore() override;
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

    /// The schema version this code writes.
    static constexpr int SchemaVersion = 7;
    /// Events kept per game.
    static constexpr int KeptEvents = 200;

    void create_game(const StoredGame& game, const std::vector<StoredSeat>& seats, const StoredEvent& event,
                     StoreDone<void> done) override;
    void append_move(const GameId& id, const StoredMove& move, const GameUpdate& update,
                     const std::vector<StoredEvent>& events, StoreDone<void> done) override;
    void take_back(const GameId& id, int from_ply, const GameUpdate& update, const std::vector<StoredEvent>& events,
                   StoreDone<void> done) override;
    void update_game(const GameId& id, const GameUpdate& update, const std::vector<StoredEvent>& events,
                     const std::vector<StoredSeat>& seats, StoreDone<void> done) override;
    void load_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) override;
    void games_with_status(Status status, StoreDone<std::vector<GameId>> done) override;
    void games_of_browser(const std::string& browser, StoreDone<std::vector<GameId>> done) override;
    void events_after(const GameId& id, std::int64_t version, StoreDone<std::vector<StoredEvent>> done) override;
    void import_game(const StoredGame& game, const std::vector<StoredSeat>& seats, const std::vector<StoredMove>& moves,
                     const StoredEvent& event, StoreDone<void> done) override;
    void queue_analysis(const StoredAnalysis& analysis, StoreDone<void> done) override;
    void save_analysis(const StoredAnalysis& analysis, StoreDone<void> done) override;
    void load_analysis(const GameId& id, StoreDone<std::optional<StoredAnalysis>> done) override;
    void queued_analyses(StoreDone<std::vector<StoredAnalysis>> done) override;
    void analyses_requested_since(Millis since, StoreDone<std::vector<StoredAnalysis>> done) override;
    void load_puzzle_player(const std::string& browser, StoreDone<std::optional<LoadedPuzzlePlayer>> done) override;
    void record_puzzle_attempt(const StoredPuzzlePlayer& player, const StoredPuzzleAttempt& attempt,
                               const std::optional<StoredPuzzleRating>& puzzle, StoreDone<void> done) override;
    void puzzle_ratings(StoreDone<std::vector<StoredPuzzleRating>> done) override;
    void save_mistakes(const GameId& game, const std::vector<StoredMistake>& mistakes, StoreDone<void> done) override;
    void analyses_without_mistakes(StoreDone<std::vector<GameId>> done) override;
    void load_mistakes(const std::string& browser, StoreDone<std::vector<StoredMistake>> done) override;
    void update_mistake(const StoredMistake& mistake, StoreDone<void> done) override;

    explicit SqliteStore(std::unique_ptr<Connection> db);
    std::expected<void, StoreError> migrate();
    /// Batches committed so far (a write alone is a batch of one).
    std::uint64_t commits() const { return group_.batches(); }
    /// The WAL frames copied into the database by the background checkpoints so far.
    std::int64_t checkpointed_frames() const;

private:
    /// The games row and the event of every write (inside a transaction).
    std::expected<void, StoreError> write_update(const GameId& id, const GameUpdate& update,
                                                 const std::vector<StoredEvent>& events);

    /// The games row, its seats and its first event (inside a transaction).
    std::expected<void, StoreError> insert_game(const StoredGame& game, const std::vector<StoredSeat>& seats,
                                                const StoredEvent& event);
    /// The analyses rows `where` (with ?1 bound to `value`), with their positions or without.
    std::expected<std::vector<StoredAnalysis>, StoreError> analyses_now(
        std::string_view where, std::variant<std::nullptr_t, std::int64_t, double, std::string_view> value,
        bool positions);

    /// Runs `write` in the next group commit.
    void write(GroupCommit::Write write, StoreDone<void> done);
    /// Runs `query` on the committer's thread between two commits.
    template <class T>
    void read(std::function<std::expected<T, StoreError>()> query, StoreDone<T> done);
    // The reads themselves, on the committer's thread.
    std::expected<std::optional<LoadedGame>, StoreError> load_game_now(const GameId& id);
    std::expected<std::vector<GameId>, StoreError> games_with_status_now(Status status);
    std::expected<std::vector<GameId>, StoreError> games_of_browser_now(const std::string& browser);
    std::expected<std::vector<StoredEvent>, StoreError> events_after_now(const GameId& id, std::int64_t version);
    std::expected<std::optional<LoadedPuzzlePlayer>, StoreError> load_puzzle_player_now(const std::string& browser);
    std::expected<std::vector<StoredPuzzleRating>, StoreError> puzzle_ratings_now();
    /// One transaction for the batch, a savepoint per write. Under mutex_.
    std::vector<GroupCommit::Result> run_batch(std::span<const GroupCommit::Write* const> writes);

    std::unique_ptr<Connection> db_;
    std::mutex mutex_;  // the connection (migrate() runs before the committer has work)
    std::unique_ptr<Checkpointer> checkpointer_;
    GroupCommit group_;  // last: its thread stops (after the writes handed in) before the rest goes
};

}  // namespace schach::server
