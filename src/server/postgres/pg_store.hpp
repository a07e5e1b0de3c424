#pragma once
// PgStore: the Store (and PuzzleStore) in PostgreSQL 15 through libpq, for a server that may
// grow past one machine (issue #23). Its semantics are SqliteStore's, checked by the same
// contract tests (tests/store/): every write one transaction, Conflict on a ply or a version
// race, the last KeptEvents events per game, analyses, imports, puzzle ratings.
//
// An io_context and a thread of its own drive a small pool of connections in libpq's
// non-blocking pipeline mode (server/postgres/pg_connection): no thread waits for the
// database, and every call completes on that thread. Prepared statements only.
//
// Group commit: the writes waiting at one moment go to the one writer connection as one
// transaction, sent as one pipeline (BEGIN, SET LOCAL synchronous_commit TO on, a function call
// per write, COMMIT): one round trip and one WAL flush for all of them, as SqliteStore's one
// fsync per batch. Each write is a PL/pgSQL function whose exception block rolls it back alone
// (SQLite's savepoint per write), so a refused move does not take the others with it. Chosen
// over pipelined transactions (one COMMIT per write): on one connection each COMMIT waits for
// its own flush, so sixteen games would wait for sixteen flushes one after the other. While a
// batch is in flight the next gathers; reads go to the other connections meanwhile.
//
// A lost connection (the server restarted, the backend terminated) is opened again for the next
// call. A read that met it runs once more on the fresh connection (it changes nothing); a write
// fails with StoreCode::Failed and is not run twice, since its commit may have happened. No call
// waits longer than PgOptions::call_timeout.

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>

#include "server/domain/puzzle_store.hpp"
#include "server/domain/store.hpp"

namespace schach::server {

struct PgOptions {
    std::string conninfo;  // a libpq URI (postgresql://user@host:port/db) or key=value string
    int readers = 3;       // connections for reads, beside the one for writes
    /// This node's name (`--node`): the games' owner column. "": a single node (no lease, no
    /// fence: it owns everything).
    std::string node;
    std::string address = {};                        // where the node answers (for operators: the nodes table)
    std::chrono::milliseconds call_timeout{30'000};  // a call (connecting included) fails past this
    std::chrono::milliseconds beat{1'000};           // a node's lease is renewed this often
    std::chrono::milliseconds lease{3'000};          // and lapses this long after its last beat
};

class PgStore final : public Store, public PuzzleStore {
public:
    /// Connects, migrates the schema to SchemaVersion and starts the store's thread. Failed: no
    /// connection, or a schema this program cannot use.
    static std::expected<std::unique_ptr<PgStore>, StoreError> open(const PgOptions& options);
    /// Runs every call handed in (each completion is called), then closes the connections.
    ~PgStore() override;
    PgStore(const PgStore&) = delete;
    PgStore& operator=(const PgStore&) = delete;

    /// The schema version this code writes (PostgreSQL's own count, apart from SQLite's).
    static constexpr int SchemaVersion = 3;
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

    // Several nodes (PgOptions::node set): a lease beaten every PgOptions::beat on a connection
    // of its own; each write fenced by the epoch this node holds of the game.
    void claim_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) override;
    void take_orphans(int limit, StoreDone<std::vector<GameId>> done) override;
    std::uint64_t tenure() const override;
    bool lease_held() const override;
    std::string node() const override;

    /// Batches committed so far (a write alone is a batch of one).
    std::uint64_t commits() const;

    struct Impl;

private:
    explicit PgStore(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace schach::server
