#include "server/sqlite/sqlite_store.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>
#include <variant>

#include "engine/thread_priority.hpp"
#include "server/domain/stored_positions.hpp"
#include "server/sqlite/sqlite_api.hpp"

namespace schach::server {

/// The connection and its prepared statements, by their SQL text.
struct Connection {
    explicit Connection(sqlite3* h) : handle(h) {}
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    sqlite3* handle;
    std::map<std::string, sqlite3_stmt*, std::less<>> cache;
};

/// Copies the WAL into the database every CheckpointInterval on a connection of its own, while
/// the writes go on (PASSIVE: it never waits for a writer, and no writer waits for it). When the
/// WAL has grown past LargeWalFrames anyway (the copy never caught up with the writes), a
/// RESTART checkpoint waits for the writes in progress and makes the next write start the WAL
/// from its beginning: a rare stall of one copy instead of one every 1000 pages. Not TRUNCATE:
/// a WAL cut to nothing grows again block by block, and every frame written then costs the file
/// system a new block and the zeroing of its unwritten part (a tenth of the server's CPU under
/// load); the file's old blocks are overwritten instead, and the WAL keeps its size on disk.
struct Checkpointer {
    static constexpr auto CheckpointInterval = std::chrono::milliseconds(500);
    static constexpr int LargeWalFrames = 32768;  // 128 MiB at 4 KiB pages

    explicit Checkpointer(sqlite3* h)
        : handle(h), thread([this] {
              engine::name_this_thread("schach-ckpt");
              run();
          }) {}
    ~Checkpointer() {
        {
            std::lock_guard lock(mutex);
            stop = true;
        }
        wake.notify_all();
        thread.join();
        sq().sqlite3_close(handle);
    }
    void run() {
        std::unique_lock lock(mutex);
        while (!wake.wait_for(lock, CheckpointInterval, [this] { return stop; })) {
            int log = 0, copied = 0;
            sq().sqlite3_wal_checkpoint_v2(handle, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
            if (copied > 0) frames_copied += copied;
            if (log > LargeWalFrames)
                sq().sqlite3_wal_checkpoint_v2(handle, nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
        }
    }
    sqlite3* handle;
    std::atomic<std::int64_t> frames_copied{0};  // by the passive checkpoints, in all
    std::mutex mutex;
    std::condition_variable wake;
    bool stop = false;
    std::thread thread;  // last: starts once the rest is ready
};

namespace {

using Value = std::variant<std::nullptr_t, std::int64_t, double, std::string_view>;

StoreError error_of(Connection& db, std::string_view what) {
    // A key taken (a ply stored already, an id in use) means another writer was first.
    const bool conflict = (sq().sqlite3_extended_errcode(db.handle) & 0xff) == SQLITE_CONSTRAINT;
    return StoreError{std::string(what) + ": " + sq().sqlite3_errmsg(db.handle),
                      conflict ? StoreCode::Conflict : StoreCode::Failed};
}

/// A prepared statement from the connection's cache (prepared once, SQLITE_PREPARE_PERSISTENT),
/// reset and unbound when it goes out of scope so the next use starts clean.
class Statement {
public:
    Statement(Connection& db, std::string_view sql) : db_(db) {
        auto it = db.cache.find(sql);
        if (it != db.cache.end()) {
            stmt_ = it->second;
            return;
        }
        if (sq().sqlite3_prepare_v3(db.handle, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                    &stmt_, nullptr) != SQLITE_OK) {
            stmt_ = nullptr;
            return;
        }
        db.cache.emplace(std::string(sql), stmt_);
    }
    ~Statement() {
        if (!stmt_) return;
        sq().sqlite3_reset(stmt_);
        sq().sqlite3_clear_bindings(stmt_);
    }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    bool ok() const { return stmt_ != nullptr; }
    /// Binds the values to ?1, ?2, ... (text is copied: SQLITE_TRANSIENT).
    bool bind(std::initializer_list<Value> values) {
        int i = 1;
        for (const Value& v : values) {
            int rc = SQLITE_OK;
            if (std::holds_alternative<std::nullptr_t>(v)) rc = sq().sqlite3_bind_null(stmt_, i);
            else if (auto n = std::get_if<std::int64_t>(&v)) rc = sq().sqlite3_bind_int64(stmt_, i, *n);
            else if (auto d = std::get_if<double>(&v)) rc = sq().sqlite3_bind_double(stmt_, i, *d);
            else {
                auto s = std::get<std::string_view>(v);
                rc = sq().sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
            }
            if (rc != SQLITE_OK) return false;
            ++i;
        }
        return true;
    }
    /// SQLITE_ROW, SQLITE_DONE or an error code.
    int step() { return sq().sqlite3_step(stmt_); }
    std::int64_t integer(int col) const { return sq().sqlite3_column_int64(stmt_, col); }
    double real(int col) const { return sq().sqlite3_column_double(stmt_, col); }
    bool is_null(int col) const { return sq().sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
    std::string text(int col) const {
        auto p = sq().sqlite3_column_text(stmt_, col);
        return p ? std::string(reinterpret_cast<const char*>(p),
                               static_cast<std::size_t>(sq().sqlite3_column_bytes(stmt_, col)))
                 : std::string();
    }
    int changes() const { return sq().sqlite3_changes(db_.handle); }

private:
    Connection& db_;
    sqlite3_stmt* stmt_ = nullptr;
};

/// Runs a statement that returns no rows.
std::expected<int, StoreError> exec(Connection& db, std::string_view sql, std::initializer_list<Value> values = {}) {
    Statement st(db, sql);
    if (!st.ok()) return std::unexpected(error_of(db, "prepare"));
    if (!st.bind(values)) return std::unexpected(error_of(db, "bind"));
    const int rc = st.step();
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) return std::unexpected(error_of(db, "step"));
    return st.changes();
}

/// A transaction that rolls back unless committed (BEGIN IMMEDIATE: the write lock at once, so a
/// second process waits in the busy timeout instead of failing midway).
class Transaction {
public:
    explicit Transaction(Connection& db) : db_(db) { begun_ = exec(db, "BEGIN IMMEDIATE").has_value(); }
    ~Transaction() {
        if (begun_ && !committed_) (void)exec(db_, "ROLLBACK");
    }
    bool begun() const { return begun_; }
    std::expected<void, StoreError> commit() {
        auto r = exec(db_, "COMMIT");
        if (!r) return std::unexpected(r.error());
        committed_ = true;
        return {};
    }

private:
    Connection& db_;
    bool begun_ = false;
    bool committed_ = false;
};

std::string_view color_id(Color c) { return c == Color::White ? "white" : "black"; }

// Each entry moves the schema one version up; applied in order, each in its own transaction.
constexpr std::string_view Migrations[] = {
    R"sql(
CREATE TABLE games(
  id TEXT PRIMARY KEY, created INTEGER NOT NULL, variant TEXT NOT NULL, chess960 INTEGER NOT NULL,
  mode TEXT NOT NULL, level INTEGER NOT NULL, tc TEXT NOT NULL, white_kind TEXT NOT NULL,
  black_kind TEXT NOT NULL, initial_fen TEXT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,
  reason TEXT NOT NULL, version INTEGER NOT NULL, updated INTEGER NOT NULL);
CREATE INDEX games_status ON games(status);
CREATE TABLE seats(
  game TEXT NOT NULL REFERENCES games(id), color TEXT NOT NULL, engine INTEGER NOT NULL,
  secret_hash TEXT NOT NULL, invite_hash TEXT NOT NULL, browser TEXT NOT NULL,
  PRIMARY KEY(game, color));
CREATE INDEX seats_browser ON seats(browser);
CREATE TABLE moves(
  game TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, uci TEXT NOT NULL,
  clock_ms INTEGER, stamp_ms INTEGER NOT NULL, PRIMARY KEY(game, ply));
CREATE TABLE events(
  game TEXT NOT NULL REFERENCES games(id), version INTEGER NOT NULL, kind TEXT NOT NULL,
  json TEXT NOT NULL, PRIMARY KEY(game, version));
)sql",
    // 2: the offers that stand ('' none, 'white' or 'black': who made it).
    R"sql(
ALTER TABLE games ADD COLUMN draw_offer TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN takeback_offer TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN rematch_offer TEXT NOT NULL DEFAULT '';
)sql",
    // 3: the agreed rematch's game id ('' none), so that a restart still leads to it.
    R"sql(
ALTER TABLE games ADD COLUMN rematch TEXT NOT NULL DEFAULT '';
)sql",
    // 4: the lag credit of each move, so that a restart leaves each side only what is left of its quota.
    R"sql(
ALTER TABLE moves ADD COLUMN lag_ms INTEGER NOT NULL DEFAULT 0;
)sql",
    // 5: games read from a PGN (with their players' names), and the computer analysis of a game:
    // the request (status 'queued', a restart resumes it) and its result ('done': one line per
    // position, write_positions).
    R"sql(
ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN white_name TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN black_name TEXT NOT NULL DEFAULT '';
CREATE TABLE analyses(
  game TEXT PRIMARY KEY REFERENCES games(id), status TEXT NOT NULL, browser TEXT NOT NULL,
  requested INTEGER NOT NULL, nodes INTEGER NOT NULL, plies INTEGER NOT NULL, positions TEXT NOT NULL);
CREATE INDEX analyses_status ON analyses(status, requested);
CREATE INDEX analyses_requested ON analyses(requested);
)sql",
    // 6: the tactics trainer: each browser's puzzle rating, its attempts, the puzzles' ratings as
    // the players moved them (the collection's file has the starting ones).
    R"sql(
CREATE TABLE puzzle_players(
  browser TEXT PRIMARY KEY, rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
  last_ms INTEGER NOT NULL, solved INTEGER NOT NULL, failed INTEGER NOT NULL);
CREATE TABLE puzzle_attempts(
  browser TEXT NOT NULL, seq INTEGER NOT NULL, puzzle TEXT NOT NULL, win INTEGER NOT NULL,
  rated INTEGER NOT NULL, at_ms INTEGER NOT NULL, rating_after REAL NOT NULL, PRIMARY KEY(browser, seq));
CREATE TABLE puzzle_ratings(
  puzzle TEXT PRIMARY KEY, rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
  plays INTEGER NOT NULL);
)sql",
    // 7: one's own mistakes as exercises ("My mistakes"): one row per browser, game and ply with
    // its spacing; `analyses.mistakes` 1 once a finished analysis was turned into exercises (the
    // analyses stored before this version are 0: the service turns them at its start).
    R"sql(
ALTER TABLE analyses ADD COLUMN mistakes INTEGER NOT NULL DEFAULT 0;
CREATE TABLE mistakes(
  browser TEXT NOT NULL, game TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, fen TEXT NOT NULL,
  chess960 INTEGER NOT NULL, played TEXT NOT NULL, best TEXT NOT NULL, judgement TEXT NOT NULL,
  created INTEGER NOT NULL, box INTEGER NOT NULL, due INTEGER NOT NULL, solved INTEGER NOT NULL,
  missed INTEGER NOT NULL, last INTEGER NOT NULL, PRIMARY KEY(browser, game, ply));
CREATE INDEX mistakes_due ON mistakes(browser, due);
)sql",
};

std::string_view analysis_status_id(AnalysisStatus s) { return s == AnalysisStatus::Done ? "done" : "queued"; }

std::string_view offer_id(const std::optional<Color>& c) { return c ? color_id(*c) : std::string_view(""); }
std::optional<Color> parse_offer(const std::string& text) {
    if (text == "white") return Color::White;
    if (text == "black") return Color::Black;
    return std::nullopt;
}

}  // namespace

std::expected<std::unique_ptr<SqliteStore>, StoreError> SqliteStore::open(const std::string& path) {
    if (auto lib = load_library<Sqlite>(); !lib) return std::unexpected(StoreError{lib.error()});
    sqlite3* db = nullptr;
    if (sq().sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                             nullptr) != SQLITE_OK) {
        StoreError e{"open " + path + (db ? std::string(": ") + sq().sqlite3_errmsg(db) : std::string())};
        sq().sqlite3_close(db);
        return std::unexpected(e);
    }
    std::unique_ptr<SqliteStore> store(new SqliteStore(std::make_unique<Connection>(db)));
    sq().sqlite3_busy_timeout(db, 5000);
    for (std::string_view pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"})
        if (auto r = exec(*store->db_, pragma); !r) return std::unexpected(r.error());
    if (auto r = store->migrate(); !r) return std::unexpected(r.error());
    // The checkpoints move to their own connection and thread (Checkpointer).
    sqlite3* second = nullptr;
    if (sq().sqlite3_open_v2(path.c_str(), &second, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) !=
        SQLITE_OK) {
        StoreError e{"open " + path + " for checkpoints" +
                     (second ? std::string(": ") + sq().sqlite3_errmsg(second) : "")};
        sq().sqlite3_close(second);
        return std::unexpected(e);
    }
    sq().sqlite3_busy_timeout(second, 5000);
    if (auto r = exec(*store->db_, "PRAGMA wal_autocheckpoint=0"); !r) {
        sq().sqlite3_close(second);
        return std::unexpected(r.error());
    }
    // A connection learns that its database is in WAL mode, and opens the WAL, only with its first
    // read; until then sqlite3_wal_checkpoint_v2 on it does nothing and says so with a log of -1
    // (it did so here until 2026-12-03: the WAL grew by every commit for as long as the server
    // ran, a new block of the file system each time, whose conversion at the commit's fdatasync
    // waits for a kernel worker that busy cores delay: the soak's 100-200 ms acknowledgements).
    if (sq().sqlite3_exec(second, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) != SQLITE_OK) {
        StoreError e{"read " + path + " for checkpoints: " + sq().sqlite3_errmsg(second)};
        sq().sqlite3_close(second);
        return std::unexpected(e);
    }
    store->checkpointer_ = std::make_unique<Checkpointer>(second);
    return store;
}

Connection::~Connection() {
    for (auto& [sql, stmt] : cache) sq().sqlite3_finalize(stmt);
    sq().sqlite3_close(handle);
}

SqliteStore::SqliteStore(std::unique_ptr<Connection> db)
    : db_(std::move(db)), group_([this](std::span<const GroupCommit::Write* const> w) { return run_batch(w); }) {}
std::int64_t SqliteStore::checkpointed_frames() const {
    return checkpointer_ ? checkpointer_->frames_copied.load() : 0;
}

// The committer stops first (it runs what was handed in), then the checkpointer, then the connection.
SqliteStore::~SqliteStore() = default;

std::expected<void, StoreError> SqliteStore::migrate() {
    std::lock_guard lock(mutex_);
    if (auto r = exec(*db_, "CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)"); !r)
        return std::unexpected(r.error());
    int current = 0;
    {
        Statement st(*db_, "SELECT MAX(version) FROM schema_version");
        if (!st.ok() || st.step() != SQLITE_ROW) return std::unexpected(error_of(*db_, "schema version"));
        current = st.is_null(0) ? 0 : static_cast<int>(st.integer(0));
    }
    if (current > SchemaVersion)
        return std::unexpected(StoreError{"the database has schema version " + std::to_string(current) +
                                          ", newer than this program's " + std::to_string(SchemaVersion)});
    static_assert(std::size(Migrations) == SchemaVersion, "one migration per schema version");
    for (int v = current; v < SchemaVersion; ++v) {
        Transaction tx(*db_);
        if (!tx.begun()) return std::unexpected(error_of(*db_, "begin"));
        const std::string sql(Migrations[v]);
        char* message = nullptr;
        // The migration text is ours, never a player's: no parameters to bind.
        if (sq().sqlite3_exec(db_->handle, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
            StoreError e{std::string("migration ") + std::to_string(v + 1) + ": " + (message ? message : "")};
            sq().sqlite3_free(message);
            return std::unexpected(e);
        }
        if (auto r = exec(*db_, "INSERT INTO schema_version(version) VALUES(?1)", {std::int64_t{v + 1}}); !r)
            return std::unexpected(r.error());
        if (auto r = tx.commit(); !r) return r;
    }
    return {};
}

void SqliteStore::write(GroupCommit::Write w, StoreDone<void> done) { group_.submit(std::move(w), std::move(done)); }

template <class T>
void SqliteStore::read(std::function<std::expected<T, StoreError>()> query, StoreDone<T> done) {
    group_.run_alone([query = std::move(query), done = std::move(done)] { done(query()); });
}

std::vector<GroupCommit::Result> SqliteStore::run_batch(std::span<const GroupCommit::Write* const> writes) {
    std::lock_guard lock(mutex_);
    std::vector<GroupCommit::Result> results;
    results.reserve(writes.size());
    auto fail_all = [&](const StoreError& e) {
        return std::vector<GroupCommit::Result>(writes.size(), std::unexpected(e));
    };
    // Most batches have no failing write: they run straight through, without two savepoint
    // statements per write. When one fails, that transaction is rolled back and the batch runs
    // again with each write in a savepoint of its own, so that the failing one is rolled back alone.
    {
        Transaction tx(*db_);
        if (!tx.begun()) return fail_all(error_of(*db_, "begin"));
        bool failed = false;
        for (const GroupCommit::Write* w : writes) {
            auto r = (*w)();
            if (!r) {
                failed = true;
                break;
            }
            results.push_back(std::move(r));
        }
        if (!failed) {
            if (auto c = tx.commit(); !c) return fail_all(c.error());
            return results;
        }
        results.clear();
    }
    Transaction tx(*db_);
    if (!tx.begun()) return fail_all(error_of(*db_, "begin"));
    for (const GroupCommit::Write* w : writes) {
        if (auto r = exec(*db_, "SAVEPOINT write"); !r) return fail_all(r.error());
        auto r = (*w)();
        if (!r) (void)exec(*db_, "ROLLBACK TO write");
        // Some errors (a full disk, I/O) end the whole transaction: then nothing of the batch
        // stands, and the rest must not run outside a transaction.
        if (sq().sqlite3_get_autocommit(db_->handle) != 0) {
            const StoreError e = r ? StoreError{"transaction ended"} : r.error();
            return fail_all(e);
        }
        if (auto released = exec(*db_, "RELEASE write"); !released) return fail_all(released.error());
        results.push_back(std::move(r));
    }
    if (auto c = tx.commit(); !c) return fail_all(c.error());
    return results;
}

std::expected<void, StoreError> SqliteStore::write_update(const GameId& id, const GameUpdate& update,
                                                          const std::vector<StoredEvent>& events) {
    // The version check makes a second writer of the same game (which must not exist) fail loudly.
    const std::int64_t before = update.version - static_cast<std::int64_t>(events.size());
    auto changed = exec(
        *db_,
        "UPDATE games SET status=?2, result=?3, reason=?4, version=?5, updated=?6, draw_offer=?8, "
        "takeback_offer=?9, rematch_offer=?10, rematch=?11 WHERE id=?1 AND version=?7",
        {std::string_view(id), status_id(update.status), std::string_view(update.result),
         std::string_view(update.reason), update.version, update.updated, before, offer_id(update.offers.draw),
         offer_id(update.offers.takeback), offer_id(update.offers.rematch), std::string_view(update.rematch)});
    if (!changed) return std::unexpected(changed.error());
    if (*changed != 1)
        return std::unexpected(
            StoreError{"game " + id + " is not at version " + std::to_string(before), StoreCode::Conflict});
    for (const StoredEvent& event : events)
        if (auto r = exec(
                *db_, "INSERT INTO events(game, version, kind, json) VALUES(?1, ?2, ?3, ?4)",
                {std::string_view(id), event.version, std::string_view(event.kind), std::string_view(event.json)});
            !r)
            return std::unexpected(r.error());
    if (auto r = exec(*db_, "DELETE FROM events WHERE game=?1 AND version<=?2",
                      {std::string_view(id), update.version - KeptEvents});
        !r)
        return std::unexpected(r.error());
    return {};
}

void SqliteStore::create_game(const StoredGame& g, const std::vector<StoredSeat>& seats, const StoredEvent& event,
                              StoreDone<void> done) {
    write([this, g, seats, event] { return insert_game(g, seats, event); }, std::move(done));
}

void SqliteStore::import_game(const StoredGame& g, const std::vector<StoredSeat>& seats,
                              const std::vector<StoredMove>& moves, const StoredEvent& event, StoreDone<void> done) {
    write(
        [this, g, seats, moves, event]() -> std::expected<void, StoreError> {
            if (auto r = insert_game(g, seats, event); !r) return r;
            for (const StoredMove& m : moves) {
                const Value clock = m.clock_ms ? Value(*m.clock_ms) : Value(nullptr);
                if (auto r = exec(*db_,
                                  "INSERT INTO moves(game, ply, uci, clock_ms, stamp_ms, lag_ms) "
                                  "VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                                  {std::string_view(g.id), std::int64_t{m.ply}, std::string_view(m.uci), clock,
                                   m.stamp_ms, m.lag_ms});
                    !r)
                    return std::unexpected(r.error());
            }
            return {};
        },
        std::move(done));
}

std::expected<void, StoreError> SqliteStore::insert_game(const StoredGame& g, const std::vector<StoredSeat>& seats,
                                                         const StoredEvent& event) {
    auto kind = [&](Color c) -> std::string_view {
        for (const StoredSeat& s : seats)
            if (s.color == c) return s.engine ? "engine" : "human";
        return "human";
    };
    if (auto r = exec(
            *db_,
            "INSERT INTO games(id, created, variant, chess960, mode, level, tc, white_kind, black_kind, "
            "initial_fen, status, result, reason, version, updated, imported, white_name, black_name) "
            "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
            {std::string_view(g.id), g.created, g.chess960 ? "chess960" : "standard", std::int64_t{g.chess960_number},
             mode_id(g.mode), std::int64_t{g.level}, std::string_view(g.tc), kind(Color::White), kind(Color::Black),
             std::string_view(g.initial_fen), status_id(g.state.status), std::string_view(g.state.result),
             std::string_view(g.state.reason), g.state.version, g.state.updated, std::int64_t{g.imported ? 1 : 0},
             std::string_view(g.white_name), std::string_view(g.black_name)});
        !r)
        return std::unexpected(r.error());
    for (const StoredSeat& s : seats)
        if (auto r = exec(
                *db_,
                "INSERT INTO seats(game, color, engine, secret_hash, invite_hash, browser) "
                "VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                {std::string_view(g.id), color_id(s.color), std::int64_t{s.engine ? 1 : 0},
                 std::string_view(s.secret_hash), std::string_view(s.invite_hash), std::string_view(s.browser)});
            !r)
            return std::unexpected(r.error());
    if (auto r = exec(
            *db_, "INSERT INTO events(game, version, kind, json) VALUES(?1, ?2, ?3, ?4)",
            {std::string_view(g.id), event.version, std::string_view(event.kind), std::string_view(event.json)});
        !r)
        return std::unexpected(r.error());
    return {};
}

void SqliteStore::append_move(const GameId& id, const StoredMove& m, const GameUpdate& update,
                              const std::vector<StoredEvent>& events, StoreDone<void> done) {
    write(
        [this, id, m, update, events]() -> std::expected<void, StoreError> {
            const Value clock = m.clock_ms ? Value(*m.clock_ms) : Value(nullptr);
            if (auto r = exec(
                    *db_,
                    "INSERT INTO moves(game, ply, uci, clock_ms, stamp_ms, lag_ms) VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                    {std::string_view(id), std::int64_t{m.ply}, std::string_view(m.uci), clock, m.stamp_ms, m.lag_ms});
                !r)
                return std::unexpected(r.error());
            return write_update(id, update, events);
        },
        std::move(done));
}

void SqliteStore::take_back(const GameId& id, int from_ply, const GameUpdate& update,
                            const std::vector<StoredEvent>& events, StoreDone<void> done) {
    write(
        [this, id, from_ply, update, events]() -> std::expected<void, StoreError> {
            if (auto r = exec(*db_, "DELETE FROM moves WHERE game=?1 AND ply>=?2",
                              {std::string_view(id), std::int64_t{from_ply}});
                !r)
                return std::unexpected(r.error());
            return write_update(id, update, events);
        },
        std::move(done));
}

void SqliteStore::update_game(const GameId& id, const GameUpdate& update, const std::vector<StoredEvent>& events,
                              const std::vector<StoredSeat>& seats, StoreDone<void> done) {
    write(
        [this, id, update, events, seats]() -> std::expected<void, StoreError> {
            for (const StoredSeat* seat = seats.data(); seat != seats.data() + seats.size(); ++seat) {
                auto changed = exec(*db_,
                                    "UPDATE seats SET engine=?3, secret_hash=?4, invite_hash=?5, browser=?6 "
                                    "WHERE game=?1 AND color=?2",
                                    {std::string_view(id), color_id(seat->color), std::int64_t{seat->engine ? 1 : 0},
                                     std::string_view(seat->secret_hash), std::string_view(seat->invite_hash),
                                     std::string_view(seat->browser)});
                if (!changed) return std::unexpected(changed.error());
                if (*changed != 1) return std::unexpected(StoreError{"no seat to update in game " + id});
            }
            return write_update(id, update, events);
        },
        std::move(done));
}

std::expected<std::optional<LoadedGame>, StoreError> SqliteStore::load_game_now(const GameId& id) {
    std::lock_guard lock(mutex_);
    LoadedGame out;
    {
        Statement st(
            *db_,
            "SELECT created, chess960, mode, level, tc, initial_fen, status, result, reason, version, "
            "updated, variant, draw_offer, takeback_offer, rematch_offer, rematch, imported, white_name, black_name "
            "FROM games WHERE id=?1");
        if (!st.ok() || !st.bind({std::string_view(id)})) return std::unexpected(error_of(*db_, "load game"));
        const int rc = st.step();
        if (rc == SQLITE_DONE) return std::optional<LoadedGame>();
        if (rc != SQLITE_ROW) return std::unexpected(error_of(*db_, "load game"));
        StoredGame& g = out.game;
        g.id = id;
        g.created = st.integer(0);
        g.chess960_number = static_cast<int>(st.integer(1));
        g.mode = parse_mode(st.text(2)).value_or(Mode::Friend);
        g.level = static_cast<int>(st.integer(3));
        g.tc = st.text(4);
        g.initial_fen = st.text(5);
        g.state.status = parse_status(st.text(6)).value_or(Status::Aborted);
        g.state.result = st.text(7);
        g.state.reason = st.text(8);
        g.state.version = st.integer(9);
        g.state.updated = st.integer(10);
        g.chess960 = st.text(11) == "chess960";
        g.state.offers = {parse_offer(st.text(12)), parse_offer(st.text(13)), parse_offer(st.text(14))};
        g.state.rematch = st.text(15);
        g.imported = st.integer(16) != 0;
        g.white_name = st.text(17);
        g.black_name = st.text(18);
    }
    {
        Statement st(
            *db_,
            "SELECT color, engine, secret_hash, invite_hash, browser FROM seats WHERE game=?1 ORDER BY color DESC");
        if (!st.ok() || !st.bind({std::string_view(id)})) return std::unexpected(error_of(*db_, "load seats"));
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            out.seats.push_back({st.text(0) == "white" ? Color::White : Color::Black, st.integer(1) != 0, st.text(2),
                                 st.text(3), st.text(4)});
        if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "load seats"));
    }
    {
        Statement st(*db_, "SELECT ply, uci, clock_ms, stamp_ms, lag_ms FROM moves WHERE game=?1 ORDER BY ply");
        if (!st.ok() || !st.bind({std::string_view(id)})) return std::unexpected(error_of(*db_, "load moves"));
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            StoredMove m;
            m.ply = static_cast<int>(st.integer(0));
            m.uci = st.text(1);
            if (!st.is_null(2)) m.clock_ms = st.integer(2);
            m.stamp_ms = st.integer(3);
            m.lag_ms = st.integer(4);
            out.moves.push_back(std::move(m));
        }
        if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "load moves"));
    }
    return std::optional<LoadedGame>(std::move(out));
}

std::expected<std::vector<GameId>, StoreError> SqliteStore::games_with_status_now(Status status) {
    std::lock_guard lock(mutex_);
    Statement st(*db_, "SELECT id FROM games WHERE status=?1 ORDER BY created");
    if (!st.ok() || !st.bind({status_id(status)})) return std::unexpected(error_of(*db_, "games"));
    std::vector<GameId> ids;
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) ids.push_back(st.text(0));
    if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "games"));
    return ids;
}

std::expected<std::vector<GameId>, StoreError> SqliteStore::games_of_browser_now(const std::string& browser) {
    std::lock_guard lock(mutex_);
    if (browser.empty()) return std::vector<GameId>{};
    Statement st(*db_,
                 "SELECT DISTINCT g.id, g.updated FROM games g JOIN seats s ON s.game = g.id "
                 "WHERE s.browser=?1 ORDER BY g.updated DESC, g.id");
    if (!st.ok() || !st.bind({std::string_view(browser)})) return std::unexpected(error_of(*db_, "browser games"));
    std::vector<GameId> ids;
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) ids.push_back(st.text(0));
    if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "browser games"));
    return ids;
}

std::expected<std::vector<StoredEvent>, StoreError> SqliteStore::events_after_now(const GameId& id,
                                                                                  std::int64_t version) {
    std::lock_guard lock(mutex_);
    Statement st(*db_, "SELECT version, kind, json FROM events WHERE game=?1 AND version>?2 ORDER BY version");
    if (!st.ok() || !st.bind({std::string_view(id), version})) return std::unexpected(error_of(*db_, "events"));
    std::vector<StoredEvent> out;
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) out.push_back({st.integer(0), st.text(1), st.text(2)});
    if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "events"));
    return out;
}

void SqliteStore::load_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) {
    read<std::optional<LoadedGame>>([this, id] { return load_game_now(id); }, std::move(done));
}

void SqliteStore::games_with_status(Status status, StoreDone<std::vector<GameId>> done) {
    read<std::vector<GameId>>([this, status] { return games_with_status_now(status); }, std::move(done));
}

void SqliteStore::games_of_browser(const std::string& browser, StoreDone<std::vector<GameId>> done) {
    read<std::vector<GameId>>([this, browser] { return games_of_browser_now(browser); }, std::move(done));
}

void SqliteStore::events_after(const GameId& id, std::int64_t version, StoreDone<std::vector<StoredEvent>> done) {
    read<std::vector<StoredEvent>>([this, id, version] { return events_after_now(id, version); }, std::move(done));
}

std::expected<std::optional<LoadedPuzzlePlayer>, StoreError> SqliteStore::load_puzzle_player_now(
    const std::string& browser) {
    std::lock_guard lock(mutex_);
    LoadedPuzzlePlayer out;
    {
        Statement st(
            *db_, "SELECT rating, deviation, volatility, last_ms, solved, failed FROM puzzle_players WHERE browser=?1");
        if (!st.ok() || !st.bind({std::string_view(browser)})) return std::unexpected(error_of(*db_, "puzzle player"));
        const int rc = st.step();
        if (rc == SQLITE_DONE) return std::nullopt;
        if (rc != SQLITE_ROW) return std::unexpected(error_of(*db_, "puzzle player"));
        out.player = {browser,
                      {st.real(0), st.real(1), st.real(2)},
                      st.integer(3),
                      static_cast<int>(st.integer(4)),
                      static_cast<int>(st.integer(5))};
    }
    Statement st(*db_,
                 "SELECT puzzle, win, rated, at_ms, rating_after FROM puzzle_attempts WHERE browser=?1 ORDER BY seq");
    if (!st.ok() || !st.bind({std::string_view(browser)})) return std::unexpected(error_of(*db_, "puzzle attempts"));
    int rc;
    while ((rc = st.step()) == SQLITE_ROW)
        out.attempts.push_back({st.text(0), st.integer(1) != 0, st.integer(2) != 0, st.integer(3), st.real(4)});
    if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "puzzle attempts"));
    return out;
}

std::expected<std::vector<StoredPuzzleRating>, StoreError> SqliteStore::puzzle_ratings_now() {
    std::lock_guard lock(mutex_);
    Statement st(*db_, "SELECT puzzle, rating, deviation, volatility, plays FROM puzzle_ratings");
    if (!st.ok()) return std::unexpected(error_of(*db_, "puzzle ratings"));
    std::vector<StoredPuzzleRating> out;
    int rc;
    while ((rc = st.step()) == SQLITE_ROW)
        out.push_back({st.text(0), {st.real(1), st.real(2), st.real(3)}, static_cast<int>(st.integer(4))});
    if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "puzzle ratings"));
    return out;
}

void SqliteStore::load_puzzle_player(const std::string& browser, StoreDone<std::optional<LoadedPuzzlePlayer>> done) {
    read<std::optional<LoadedPuzzlePlayer>>([this, browser] { return load_puzzle_player_now(browser); },
                                            std::move(done));
}

void SqliteStore::puzzle_ratings(StoreDone<std::vector<StoredPuzzleRating>> done) {
    read<std::vector<StoredPuzzleRating>>([this] { return puzzle_ratings_now(); }, std::move(done));
}

void SqliteStore::record_puzzle_attempt(const StoredPuzzlePlayer& p, const StoredPuzzleAttempt& a,
                                        const std::optional<StoredPuzzleRating>& puzzle, StoreDone<void> done) {
    write(
        [this, p, a, puzzle]() -> std::expected<void, StoreError> {
            if (auto r = exec(*db_,
                              "INSERT INTO puzzle_players(browser, rating, deviation, volatility, last_ms, solved, "
                              "failed) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(browser) DO UPDATE SET "
                              "rating=?2, deviation=?3, volatility=?4, last_ms=?5, solved=?6, failed=?7",
                              {std::string_view(p.browser), p.glicko.rating, p.glicko.deviation, p.glicko.volatility,
                               p.last_ms, std::int64_t{p.solved}, std::int64_t{p.failed}});
                !r)
                return std::unexpected(r.error());
            if (auto r = exec(*db_,
                              "INSERT INTO puzzle_attempts(browser, seq, puzzle, win, rated, at_ms, rating_after) "
                              "SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3, ?4, ?5, ?6 FROM puzzle_attempts "
                              "WHERE browser=?1",
                              {std::string_view(p.browser), std::string_view(a.puzzle), std::int64_t{a.win ? 1 : 0},
                               std::int64_t{a.rated ? 1 : 0}, a.at_ms, a.rating_after});
                !r)
                return std::unexpected(r.error());
            if (puzzle)
                if (auto r = exec(*db_,
                                  "INSERT INTO puzzle_ratings(puzzle, rating, deviation, volatility, plays) "
                                  "VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT(puzzle) DO UPDATE SET rating=?2, "
                                  "deviation=?3, volatility=?4, plays=?5",
                                  {std::string_view(puzzle->puzzle), puzzle->glicko.rating, puzzle->glicko.deviation,
                                   puzzle->glicko.volatility, std::int64_t{puzzle->plays}});
                    !r)
                    return std::unexpected(r.error());
            return {};
        },
        std::move(done));
}

}  // namespace schach::server

namespace schach::server {

void SqliteStore::queue_analysis(const StoredAnalysis& a, StoreDone<void> done) {
    write(
        [this, a]() -> std::expected<void, StoreError> {
            if (auto r = exec(*db_,
                              "INSERT INTO analyses(game, status, browser, requested, nodes, plies, positions) "
                              "VALUES(?1, 'queued', ?2, ?3, ?4, ?5, '')",
                              {std::string_view(a.game), std::string_view(a.browser), a.requested,
                               static_cast<std::int64_t>(a.nodes), std::int64_t{a.plies}});
                !r)
                return std::unexpected(r.error());
            return {};
        },
        std::move(done));
}

void SqliteStore::save_analysis(const StoredAnalysis& a, StoreDone<void> done) {
    write(
        [this, a]() -> std::expected<void, StoreError> {
            if (auto r = exec(
                    *db_,
                    "INSERT OR REPLACE INTO analyses(game, status, browser, requested, nodes, plies, positions) "
                    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    {std::string_view(a.game), analysis_status_id(a.status), std::string_view(a.browser), a.requested,
                     static_cast<std::int64_t>(a.nodes), std::int64_t{a.plies},
                     std::string_view(write_positions(a.positions))});
                !r)
                return std::unexpected(r.error());
            return {};
        },
        std::move(done));
}

std::expected<std::vector<StoredAnalysis>, StoreError> SqliteStore::analyses_now(std::string_view where, Value value,
                                                                                 bool positions) {
    std::lock_guard lock(mutex_);
    const std::string sql = "SELECT game, status, browser, requested, nodes, plies, positions FROM analyses WHERE " +
                            std::string(where);
    Statement st(*db_, sql);
    if (!st.ok() || !st.bind({value})) return std::unexpected(error_of(*db_, "analyses"));
    std::vector<StoredAnalysis> out;
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) {
        StoredAnalysis a;
        a.game = st.text(0);
        a.status = st.text(1) == "done" ? AnalysisStatus::Done : AnalysisStatus::Queued;
        a.browser = st.text(2);
        a.requested = st.integer(3);
        a.nodes = static_cast<std::uint64_t>(st.integer(4));
        a.plies = static_cast<int>(st.integer(5));
        if (positions) {
            auto read = read_positions(st.text(6));
            if (!read) return std::unexpected(StoreError{"analysis of game " + a.game + ": unreadable positions"});
            a.positions = std::move(*read);
        }
        out.push_back(std::move(a));
    }
    if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "analyses"));
    return out;
}

void SqliteStore::load_analysis(const GameId& id, StoreDone<std::optional<StoredAnalysis>> done) {
    read<std::optional<StoredAnalysis>>(
        [this, id]() -> std::expected<std::optional<StoredAnalysis>, StoreError> {
            auto rows = analyses_now("game=?1", std::string_view(id), true);
            if (!rows) return std::unexpected(rows.error());
            if (rows->empty()) return std::optional<StoredAnalysis>();
            return std::optional<StoredAnalysis>(std::move(rows->front()));
        },
        std::move(done));
}

void SqliteStore::queued_analyses(StoreDone<std::vector<StoredAnalysis>> done) {
    read<std::vector<StoredAnalysis>>(
        [this] { return analyses_now("status=?1 ORDER BY requested, game", std::string_view("queued"), false); },
        std::move(done));
}

void SqliteStore::analyses_requested_since(Millis since, StoreDone<std::vector<StoredAnalysis>> done) {
    read<std::vector<StoredAnalysis>>(
        [this, since] { return analyses_now("requested>=?1 ORDER BY requested, game", since, false); },
        std::move(done));
}

}  // namespace schach::server

namespace schach::server {

void SqliteStore::save_mistakes(const GameId& game, const std::vector<StoredMistake>& mistakes, StoreDone<void> done) {
    write(
        [this, game, mistakes]() -> std::expected<void, StoreError> {
            for (const StoredMistake& m : mistakes)
                if (auto r = exec(
                        *db_,
                        "INSERT INTO mistakes(browser, game, ply, fen, chess960, played, best, judgement, "
                        "created, box, due, solved, missed, last) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                        "?9, ?10, ?11, ?12, ?13, ?14) ON CONFLICT(browser, game, ply) DO NOTHING",
                        {std::string_view(m.browser), std::string_view(m.game), std::int64_t{m.ply},
                         std::string_view(m.fen), std::int64_t{m.chess960 ? 1 : 0}, std::string_view(m.played),
                         std::string_view(m.best), std::string_view(m.blunder ? "blunder" : "mistake"), m.created,
                         std::int64_t{m.box}, m.due, std::int64_t{m.solved}, std::int64_t{m.missed}, m.last});
                    !r)
                    return std::unexpected(r.error());
            if (auto r = exec(*db_, "UPDATE analyses SET mistakes=1 WHERE game=?1", {std::string_view(game)}); !r)
                return std::unexpected(r.error());
            return {};
        },
        std::move(done));
}

void SqliteStore::analyses_without_mistakes(StoreDone<std::vector<GameId>> done) {
    read<std::vector<GameId>>(
        [this]() -> std::expected<std::vector<GameId>, StoreError> {
            std::lock_guard lock(mutex_);
            Statement st(*db_, "SELECT game FROM analyses WHERE status='done' AND mistakes=0 ORDER BY requested, game");
            if (!st.ok()) return std::unexpected(error_of(*db_, "analyses without mistakes"));
            std::vector<GameId> out;
            int rc;
            while ((rc = st.step()) == SQLITE_ROW) out.push_back(st.text(0));
            if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "analyses without mistakes"));
            return out;
        },
        std::move(done));
}

void SqliteStore::load_mistakes(const std::string& browser, StoreDone<std::vector<StoredMistake>> done) {
    read<std::vector<StoredMistake>>(
        [this, browser]() -> std::expected<std::vector<StoredMistake>, StoreError> {
            std::lock_guard lock(mutex_);
            Statement st(*db_,
                         "SELECT game, ply, fen, chess960, played, best, judgement, created, box, due, solved, "
                         "missed, last FROM mistakes WHERE browser=?1 ORDER BY due, game, ply");
            if (!st.ok() || !st.bind({std::string_view(browser)})) return std::unexpected(error_of(*db_, "mistakes"));
            std::vector<StoredMistake> out;
            int rc;
            while ((rc = st.step()) == SQLITE_ROW) {
                StoredMistake m;
                m.browser = browser;
                m.game = st.text(0);
                m.ply = static_cast<int>(st.integer(1));
                m.fen = st.text(2);
                m.chess960 = st.integer(3) != 0;
                m.played = st.text(4);
                m.best = st.text(5);
                m.blunder = st.text(6) == "blunder";
                m.created = st.integer(7);
                m.box = static_cast<int>(st.integer(8));
                m.due = st.integer(9);
                m.solved = static_cast<int>(st.integer(10));
                m.missed = static_cast<int>(st.integer(11));
                m.last = st.integer(12);
                out.push_back(std::move(m));
            }
            if (rc != SQLITE_DONE) return std::unexpected(error_of(*db_, "mistakes"));
            return out;
        },
        std::move(done));
}

void SqliteStore::update_mistake(const StoredMistake& m, StoreDone<void> done) {
    write(
        [this, m]() -> std::expected<void, StoreError> {
            auto changed = exec(*db_,
                                "UPDATE mistakes SET box=?4, due=?5, solved=?6, missed=?7, last=?8 "
                                "WHERE browser=?1 AND game=?2 AND ply=?3",
                                {std::string_view(m.browser), std::string_view(m.game), std::int64_t{m.ply},
                                 std::int64_t{m.box}, m.due, std::int64_t{m.solved}, std::int64_t{m.missed}, m.last});
            if (!changed) return std::unexpected(changed.error());
            if (*changed != 1)
                return std::unexpected(
                    StoreError{"no exercise " + m.game + "-" + std::to_string(m.ply) + " of " + "the browser",
                               StoreCode::Conflict});
            return {};
        },
        std::move(done));
}

}  // namespace schach::server
