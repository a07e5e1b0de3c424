#include "server/postgres/pg_store.hpp"

#include <atomic>
#include <charconv>
#include <deque>
#include <initializer_list>
#include <thread>
#include <unordered_map>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "engine/thread_priority.hpp"
#include "server/domain/stored_positions.hpp"
#include "server/postgres/pg_connection.hpp"
#include "server/postgres/pg_schema.hpp"

namespace schach::server {

namespace asio = boost::asio;
using pg::pq;
using pg::Query;
using pg::Rows;
using Param = std::optional<std::string>;

namespace {

/// "SELECT name($1::type1, $2::type2, ...)": a write's function call, its parameters typed.
pg::Statement call(const char* name, std::initializer_list<const char*> types) {
    std::string sql = std::string("SELECT ") + name + "(";
    int i = 1;
    for (const char* type : types) {
        if (i > 1) sql += ", ";
        sql += "$" + std::to_string(i++) + "::" + type;
    }
    return {name, sql + ")"};
}

#define UPDATE_TYPES "text", "text", "text", "bigint", "bigint", "text", "text", "text", "text"
#define EVENT_TYPES "bigint[]", "text[]", "text[]"
#define SEAT_TYPES "text[]", "boolean[]", "text[]", "text[]", "text[]"

const pg::Statement Begin{"begin", "BEGIN"};
// Explicit for every write whatever the server's default: a move is acknowledged only once its
// commit is on disk.
const pg::Statement SynchronousCommit{"synchronous_commit", "SET LOCAL synchronous_commit TO on"};
const pg::Statement Commit{"commit", "COMMIT"};
const pg::Statement BeginRead{"begin_read", "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"};

const pg::Statement CreateGame = call(
    "schach_create_game",
    {"text",   "bigint", "text", "integer",   "text",   "integer",  "text",     "text",    "text", "text",
     "text",   "text",   "text", "bigint",    "bigint", "boolean",  "text",     "text",    "text", SEAT_TYPES,
     "bigint", "text",   "text", "integer[]", "text[]", "bigint[]", "bigint[]", "bigint[]"});
// The last two parameters of a game's write: the node and its epoch (the fence; NULL for a
// single node), added on the store's thread.
const pg::Statement AppendMove = call("schach_append_move", {"text", "integer", "text", "bigint", "bigint", "bigint",
                                                             UPDATE_TYPES, EVENT_TYPES, "bigint", "text", "bigint"});
const pg::Statement TakeBack = call("schach_take_back",
                                    {"text", "integer", UPDATE_TYPES, EVENT_TYPES, "bigint", "text", "bigint"});
const pg::Statement UpdateGame = call("schach_update_game",
                                      {"text", UPDATE_TYPES, EVENT_TYPES, "bigint", SEAT_TYPES, "text", "bigint"});
const pg::Statement ClaimGame = call("schach_claim_game", {"text", "text"});
const pg::Statement Beat = call("schach_beat", {"text", "text", "bigint"});
const pg::Statement TakeOrphans{"take_orphans", "SELECT schach_take_orphans($1::text, $2::integer)"};
const pg::Statement PutAnalysis = call("schach_put_analysis",
                                       {"boolean", "text", "text", "text", "bigint", "bigint", "integer", "text"});
const pg::Statement RecordPuzzleAttempt = call(
    "schach_record_puzzle_attempt", {"text", "double precision", "double precision", "double precision", "bigint",
                                     "integer", "integer", "text", "boolean", "boolean", "bigint", "double precision",
                                     "text", "double precision", "double precision", "double precision", "integer"});

const pg::Statement SaveMistakes = call(
    "schach_save_mistakes", {"text", "text[]", "text[]", "integer[]", "text[]", "boolean[]", "text[]", "text[]",
                             "text[]", "bigint[]", "integer[]", "bigint[]", "integer[]", "integer[]", "bigint[]"});
const pg::Statement UpdateMistake = call(
    "schach_update_mistake", {"text", "text", "integer", "integer", "bigint", "integer", "integer", "bigint"});
const pg::Statement AnalysesWithoutMistakes{
    "analyses_without_mistakes",
    "SELECT game FROM analyses WHERE status = 'done' AND NOT mistakes ORDER BY requested, game COLLATE \"C\""};
const pg::Statement LoadMistakes{"load_mistakes",
                                 "SELECT game, ply, fen, chess960, played, best, judgement, created, box, due, "
                                 "solved, missed, last FROM mistakes WHERE browser = $1 ORDER BY due, game COLLATE "
                                 "\"C\", ply"};

const pg::Statement LoadGame{
    "load_game",
    "SELECT created, chess960, mode, level, tc, initial_fen, status, result, reason, version, updated, variant, "
    "draw_offer, takeback_offer, rematch_offer, rematch, imported, white_name, black_name FROM games WHERE id = $1"};
const pg::Statement LoadSeats{
    "load_seats",
    "SELECT color, engine, secret_hash, invite_hash, browser FROM seats WHERE game = $1 ORDER BY color DESC"};
const pg::Statement LoadMoves{"load_moves",
                              "SELECT ply, uci, clock_ms, stamp_ms, lag_ms FROM moves WHERE game = $1 ORDER BY ply"};
// Ties are ordered by the ids' bytes (COLLATE "C"), as SQLite orders them, whatever the
// database's collation.
const pg::Statement GamesWithStatus{"games_with_status",
                                    "SELECT id FROM games WHERE status = $1 ORDER BY created, id COLLATE \"C\""};
const pg::Statement GamesOfBrowser{"games_of_browser",
                                   "SELECT g.id FROM games g WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id "
                                   "AND s.browser = $1) ORDER BY g.updated DESC, g.id COLLATE \"C\""};
const pg::Statement EventsAfter{
    "events_after", "SELECT version, kind, json FROM events WHERE game = $1 AND version > $2::bigint ORDER BY version"};
#define ANALYSIS_COLUMNS "SELECT game, status, browser, requested, nodes, plies, positions FROM analyses "
const pg::Statement AnalysisOf{"analysis_of", ANALYSIS_COLUMNS "WHERE game = $1"};
const pg::Statement QueuedAnalyses{"queued_analyses",
                                   ANALYSIS_COLUMNS "WHERE status = 'queued' ORDER BY requested, game COLLATE \"C\""};
const pg::Statement AnalysesSince{
    "analyses_since", ANALYSIS_COLUMNS "WHERE requested >= $1::bigint ORDER BY requested, game COLLATE \"C\""};
const pg::Statement PuzzlePlayer{
    "puzzle_player",
    "SELECT rating, deviation, volatility, last_ms, solved, failed FROM puzzle_players WHERE browser = $1"};
const pg::Statement PuzzleAttempts{
    "puzzle_attempts",
    "SELECT puzzle, win, rated, at_ms, rating_after FROM puzzle_attempts WHERE browser = $1 ORDER BY seq"};
const pg::Statement PuzzleRatings{"puzzle_ratings",
                                  "SELECT puzzle, rating, deviation, volatility, plays FROM puzzle_ratings"};

#undef UPDATE_TYPES
#undef EVENT_TYPES
#undef SEAT_TYPES
#undef ANALYSIS_COLUMNS

const pg::Statement* const AllStatements[] = {
    &Begin,          &SynchronousCommit, &Commit,         &BeginRead,       &CreateGame,
    &AppendMove,     &TakeBack,          &UpdateGame,     &PutAnalysis,     &RecordPuzzleAttempt,
    &LoadGame,       &LoadSeats,         &LoadMoves,      &GamesWithStatus, &GamesOfBrowser,
    &EventsAfter,    &AnalysisOf,        &QueuedAnalyses, &AnalysesSince,   &PuzzlePlayer,
    &PuzzleAttempts, &PuzzleRatings,     &SaveMistakes,   &UpdateMistake,   &AnalysesWithoutMistakes,
    &LoadMistakes,   &ClaimGame,         &Beat,           &TakeOrphans};

// ---- Values in PostgreSQL's text form ------------------------------------------------------------

Param text(std::string_view s) { return std::string(s); }
Param integer(std::int64_t n) { return std::to_string(n); }
Param boolean(bool b) { return std::string(b ? "t" : "f"); }
Param real(double d) {
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, d).ptr;  // the shortest that reads back
    return std::string(buffer, end);
}

/// An array literal of quoted elements ("{\"a\",\"b\"}"; none: NULL).
template <class T, class Item>
Param array(const std::vector<T>& items, Item item) {
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        const Param value = item(items[i]);
        if (!value) {
            out += "NULL";
            continue;
        }
        out += '"';
        for (char c : *value) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        out += '"';
    }
    return out + "}";
}

std::string_view color_id(Color c) { return c == Color::White ? "white" : "black"; }
std::string_view offer_id(const std::optional<Color>& c) { return c ? color_id(*c) : std::string_view(""); }
std::optional<Color> parse_offer(const std::string& text) {
    if (text == "white") return Color::White;
    if (text == "black") return Color::Black;
    return std::nullopt;
}

void add_update(std::vector<Param>& p, const GameUpdate& u) {
    for (Param v : {text(status_id(u.status)), text(u.result), text(u.reason), integer(u.version), integer(u.updated),
                    text(offer_id(u.offers.draw)), text(offer_id(u.offers.takeback)), text(offer_id(u.offers.rematch)),
                    text(u.rematch)})
        p.push_back(std::move(v));
}

void add_events(std::vector<Param>& p, const std::vector<StoredEvent>& events) {
    p.push_back(array(events, [](const StoredEvent& e) { return integer(e.version); }));
    p.push_back(array(events, [](const StoredEvent& e) { return text(e.kind); }));
    p.push_back(array(events, [](const StoredEvent& e) { return text(e.json); }));
}

void add_seats(std::vector<Param>& p, const std::vector<StoredSeat>& seats) {
    p.push_back(array(seats, [](const StoredSeat& s) { return text(color_id(s.color)); }));
    p.push_back(array(seats, [](const StoredSeat& s) { return boolean(s.engine); }));
    p.push_back(array(seats, [](const StoredSeat& s) { return text(s.secret_hash); }));
    p.push_back(array(seats, [](const StoredSeat& s) { return text(s.invite_hash); }));
    p.push_back(array(seats, [](const StoredSeat& s) { return text(s.browser); }));
}

/// The call of schach_create_game: a new game, or an imported one with its moves.
Query create_query(const StoredGame& g, const std::vector<StoredSeat>& seats, const std::vector<StoredMove>& moves,
                   const StoredEvent& event, const std::string& owner) {
    auto kind = [&](Color c) -> std::string_view {
        for (const StoredSeat& s : seats)
            if (s.color == c) return s.engine ? "engine" : "human";
        return "human";
    };
    std::vector<Param> p{text(g.id),
                         integer(g.created),
                         text(g.chess960 ? "chess960" : "standard"),
                         integer(g.chess960_number),
                         text(mode_id(g.mode)),
                         integer(g.level),
                         text(g.tc),
                         text(kind(Color::White)),
                         text(kind(Color::Black)),
                         text(g.initial_fen),
                         text(status_id(g.state.status)),
                         text(g.state.result),
                         text(g.state.reason),
                         integer(g.state.version),
                         integer(g.state.updated),
                         boolean(g.imported),
                         text(g.white_name),
                         text(g.black_name),
                         text(owner)};
    add_seats(p, seats);
    p.push_back(integer(event.version));
    p.push_back(text(event.kind));
    p.push_back(text(event.json));
    p.push_back(array(moves, [](const StoredMove& m) { return integer(m.ply); }));
    p.push_back(array(moves, [](const StoredMove& m) { return text(m.uci); }));
    p.push_back(array(moves, [](const StoredMove& m) { return m.clock_ms ? integer(*m.clock_ms) : Param(); }));
    p.push_back(array(moves, [](const StoredMove& m) { return integer(m.stamp_ms); }));
    p.push_back(array(moves, [](const StoredMove& m) { return integer(m.lag_ms); }));
    return {&CreateGame, std::move(p)};
}

/// Whether PostgreSQL takes `text` as a text parameter: UTF-8 (the database's encoding) without
/// NUL (libpq passes parameters as C strings: a NUL would cut the value short without a word).
bool storable(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0) return false;
        if (c < 0x80) {
            ++i;
            continue;
        }
        const std::size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
        if (length == 0 || c > 0xF4 || i + length > text.size()) return false;
        for (std::size_t k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        const auto next = static_cast<unsigned char>(text[i + 1]);
        if ((c == 0xE0 && next < 0xA0) || (c == 0xED && next >= 0xA0) || (c == 0xF0 && next < 0x90) ||
            (c == 0xF4 && next >= 0x90))
            return false;  // overlong, a surrogate, past U+10FFFF
        i += length;
    }
    return true;
}

/// None when every parameter can be sent, else the error of the call.
std::optional<StoreError> unstorable(const Query& q) {
    for (const Param& p : q.params)
        if (p && !storable(*p))
            return StoreError{"a value that is not UTF-8 text (or holds a NUL) for " + q.statement->name};
    return std::nullopt;
}
std::optional<StoreError> unstorable(const std::vector<Query>& queries) {
    for (const Query& q : queries)
        if (auto error = unstorable(q)) return error;
    return std::nullopt;
}

/// A write's function result: '' stored, 'C...' Conflict, 'M<node>' Moved (another node holds
/// the game now), 'F...' Failed.
std::expected<void, StoreError> outcome(const std::expected<std::string, StoreError>& result) {
    if (!result) return std::unexpected(result.error());
    const std::string& t = *result;
    if (t.empty()) return {};
    if (t[0] == 'M')
        return std::unexpected(
            StoreError{"another node holds the game: " + t.substr(1), StoreCode::Moved, t.substr(1)});
    return std::unexpected(StoreError{t.substr(1), t[0] == 'C' ? StoreCode::Conflict : StoreCode::Failed});
}

/// The text a write's function returned (its one row and column).
std::expected<std::string, StoreError> returned_text(const Rows& rows) {
    if (rows.size() != 1) return std::unexpected(StoreError{"a write without its outcome"});
    return rows.text(0, 0);
}

std::vector<StoredAnalysis> analyses_of(const Rows& rows, bool positions, std::optional<StoreError>& error) {
    std::vector<StoredAnalysis> out;
    for (int r = 0; r < rows.size(); ++r) {
        StoredAnalysis a;
        a.game = rows.text(r, 0);
        a.status = rows.text(r, 1) == "done" ? AnalysisStatus::Done : AnalysisStatus::Queued;
        a.browser = rows.text(r, 2);
        a.requested = rows.integer(r, 3);
        a.nodes = static_cast<std::uint64_t>(rows.integer(r, 4));
        a.plies = static_cast<int>(rows.integer(r, 5));
        if (positions) {
            auto read = read_positions(rows.text(r, 6));
            if (!read) {
                error = StoreError{"analysis of game " + a.game + ": unreadable positions"};
                return {};
            }
            a.positions = std::move(*read);
        }
        out.push_back(std::move(a));
    }
    return out;
}

}  // namespace

struct PgStore::Impl {
    explicit Impl(PgOptions o) : options(std::move(o)), work(io.get_executor()), beat_timer(io) {
        writer = std::make_unique<pg::Connection>(io, options.conninfo, AllStatements, options.call_timeout);
        for (int i = 0; i < std::max(1, options.readers); ++i)
            readers.push_back(
                std::make_unique<pg::Connection>(io, options.conninfo, AllStatements, options.call_timeout));
        if (several()) {
            // open() has beaten once: the lease is held from the start, for the tenure 1.
            held_until = ticks(Clock::now() + options.lease - options.lease / 4);
            held = true;
            beater = std::make_unique<pg::Connection>(io, options.conninfo, AllStatements, options.lease);
            asio::post(io, [this] { beat(); });
        }
        thread = std::thread([this] {
            engine::name_this_thread("schach-pg");
            io.run();
        });
    }

    using Raw = std::function<void(std::expected<std::string, StoreError>)>;
    struct Write {
        Query query;
        Raw done;
    };

    /// A node of several (fenced writes, a lease); else a single node that owns everything.
    bool several() const { return !options.node.empty(); }

    // ---- The lease (on the store's thread, but for the atomics) ----------------------------------

    using Clock = std::chrono::steady_clock;
    static std::int64_t ticks(Clock::time_point t) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
    }

    /// One beat, then the next after PgOptions::beat. The lease counts from the moment the beat
    /// was sent (the database's lease runs from its own later now()), less a margin.
    void beat() {
        if (stopping) return;
        const auto sent = Clock::now();
        check_lease(sent);
        beater->run({{&Beat, {text(options.node), text(options.address), integer(options.lease.count())}}},
                    [this, sent](pg::BatchResult r) {
                        if (r && (*r)[0].size() == 1) {
                            // false: new, or lapsed in the database's eyes: any copy may be stale.
                            if (!(*r)[0].boolean(0, 0)) ++tenure;
                            const auto margin = options.lease / 4;
                            held_until = ticks(sent + options.lease - margin);
                            held = true;
                        }
                        beat_timer.expires_after(options.beat);
                        beat_timer.async_wait([this](boost::system::error_code ec) {
                            if (!ec) beat();
                        });
                        maybe_stop();
                    });
    }

    /// Whether the lease is still held at `now` by this node's own clock; the first time it is
    /// not (a beat late: the database unreachable, the process stopped), the tenure changes.
    bool check_lease(Clock::time_point now) const {
        if (!several()) return true;
        if (!held.load()) return false;
        if (ticks(now) < held_until.load()) return true;
        if (held.exchange(false)) ++tenure;
        return false;
    }

    mutable std::atomic<bool> held{false};
    std::atomic<std::int64_t> held_until{0};
    mutable std::atomic<std::uint64_t> tenure{1};
    /// The epoch this node holds of each game it claimed or created (the store's thread only).
    std::unordered_map<GameId, std::int64_t> epochs;

    /// A game's write with its fence appended (on the store's thread): this node and the epoch
    /// it holds (-1 when it holds none: the write is refused as Moved), or NULLs for one node.
    void fenced_write(const GameId& id, Query query, StoreDone<void> done) {
        write_raw(
            std::move(query),
            [this, id, done = std::move(done)](auto r) {
                auto result = outcome(r);
                if (!result && result.error().code == StoreCode::Moved) epochs.erase(id);
                done(std::move(result));
            },
            id);
    }

    struct Read {
        std::vector<Query> queries;
        pg::BatchDone done;
        bool again = false;  // run a second time after a lost connection
    };

    void write(Query query, StoreDone<void> done) {
        write_raw(std::move(query), [done = std::move(done)](auto r) { done(outcome(r)); });
    }

    /// A write whose function's text comes back as it is (a claim's answer).
    /// `fence`: a game's write, its node and epoch appended on the store's thread.
    void write_raw(Query query, Raw done, std::optional<GameId> fence = std::nullopt) {
        // Refused alone before it joins a batch: a value the server cannot take fails the whole
        // pipeline, which would take the other writes of the batch with it.
        if (auto error = unstorable(query)) {
            asio::post(io, [done = std::move(done), error = std::move(*error)] { done(std::unexpected(error)); });
            return;
        }
        asio::post(io, [this, query = std::move(query), done = std::move(done), fence = std::move(fence)]() mutable {
            if (fence && several()) {
                const auto it = epochs.find(*fence);
                query.params.push_back(text(options.node));
                query.params.push_back(integer(it == epochs.end() ? -1 : it->second));
            } else if (fence) {
                query.params.resize(query.params.size() + 2);  // NULLs: a single node, unfenced
            }
            writes.push_back({std::move(query), std::move(done)});
            start_writes();
        });
    }

    /// The writes waiting now, as one transaction on the writer connection.
    void start_writes() {
        if (writes.empty() || !writer->idle()) return;
        std::vector<Write> batch;
        batch.swap(writes);
        std::vector<Query> queries{{&Begin, {}}, {&SynchronousCommit, {}}};
        std::vector<Raw> dones;
        for (Write& w : batch) {
            queries.push_back(std::move(w.query));
            dones.push_back(std::move(w.done));
        }
        queries.push_back({&Commit, {}});
        writer->run(std::move(queries), [this, dones = std::move(dones)](pg::BatchResult r) {
            ++batches;
            for (std::size_t i = 0; i < dones.size(); ++i)
                dones[i](r ? returned_text((*r)[i + 2])
                           : std::expected<std::string, StoreError>(std::unexpected(r.error())));
            start_writes();
            maybe_stop();
        });
    }

    template <class T, class Parse>
    void read(std::vector<Query> queries, Parse parse, StoreDone<T> done) {
        if (auto error = unstorable(queries)) {
            asio::post(io, [done = std::move(done), error = std::move(*error)] { done(std::unexpected(error)); });
            return;
        }
        auto queue = [this, queries = std::move(queries), parse, done = std::move(done)]() mutable {
            reads.push_back({std::move(queries), [parse, done = std::move(done)](pg::BatchResult r) {
                                 if (!r) return done(std::unexpected(r.error()));
                                 done(parse(*r));
                             }});
            start_reads();
        };
        // From a completion on the store's thread (a claim's read): queued at once, so that a
        // store ending meanwhile still sees it and answers it before it stops.
        if (io.get_executor().running_in_this_thread()) queue();
        else asio::post(io, std::move(queue));
    }

    void start_reads() {
        for (auto& reader : readers) {
            if (reads.empty()) return;
            if (!reader->idle()) continue;
            auto next = std::make_shared<Read>(std::move(reads.front()));
            reads.pop_front();
            pg::Connection* connection = reader.get();
            reader->run(next->queries, [this, next, connection](pg::BatchResult r) {
                read_done(next, connection->lost(), std::move(r));
            });
        }
    }

    void read_done(const std::shared_ptr<Read>& read, bool lost, pg::BatchResult r) {
        // A read changes nothing: one that met a connection lost since its last use (the server
        // restarted, the backend terminated) runs again, on a fresh connection.
        if (lost && !read->again) {
            read->again = true;
            reads.push_front(std::move(*read));
        } else {
            read->done(std::move(r));
        }
        start_reads();
        maybe_stop();
    }

    /// Once stopping and every call is answered: the connections close and the thread ends.
    void maybe_stop() {
        if (!stopping || !writes.empty() || !reads.empty() || !writer->idle()) return;
        for (auto& reader : readers)
            if (!reader->idle()) return;
        if (beater && !beater->idle()) return;
        beat_timer.cancel();
        writer->close();
        for (auto& reader : readers) reader->close();
        if (beater) beater->close();
        work.reset();
        io.stop();
    }

    PgOptions options;
    asio::io_context io;
    asio::executor_work_guard<asio::io_context::executor_type> work;
    asio::steady_timer beat_timer;
    std::unique_ptr<pg::Connection> writer;
    std::vector<std::unique_ptr<pg::Connection>> readers;
    std::unique_ptr<pg::Connection> beater;  // the lease's own connection: no write waits before a beat
    std::vector<Write> writes;               // waiting for the next batch
    std::deque<Read> reads;                  // waiting for a reader
    std::atomic<std::uint64_t> batches{0};
    bool stopping = false;
    std::thread thread;  // last: starts once the rest is there
};

std::expected<std::unique_ptr<PgStore>, StoreError> PgStore::open(const PgOptions& options) {
    // libpq itself is loaded now, by the first store that needs it (libpq_api.hpp).
    if (auto lib = pg::load_libpq(); !lib) return std::unexpected(StoreError{lib.error()});
    // A connection of its own for the schema, blocking: nothing else runs yet. connect_timeout
    // comes first so that one given in the URI overrides it.
    const char* const keys[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char* const values[] = {"10", "schach", options.conninfo.c_str(), nullptr};
    PGconn* conn = pq().PQconnectdbParams(keys, values, 1);
    if (!conn || pq().PQstatus(conn) != CONNECTION_OK) {
        std::string message = conn ? pq().PQerrorMessage(conn) : "out of memory";
        while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
        pq().PQfinish(conn);
        return std::unexpected(StoreError{"connect: " + message});
    }
    pg::ignore_notices(conn);
    auto migrated = pg::migrate(conn);
    if (migrated && !options.node.empty())
        migrated = pg::first_beat(conn, options.node, options.address, options.lease);
    pq().PQfinish(conn);
    if (!migrated) return std::unexpected(migrated.error());
    return std::unique_ptr<PgStore>(new PgStore(std::make_unique<Impl>(options)));
}

PgStore::PgStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

PgStore::~PgStore() {
    Impl* impl = impl_.get();
    asio::post(impl->io, [impl] {
        impl->stopping = true;
        impl->maybe_stop();
    });
    impl->thread.join();
}

std::uint64_t PgStore::commits() const { return impl_->batches.load(); }

// ---- Writes ------------------------------------------------------------------------------------

void PgStore::create_game(const StoredGame& g, const std::vector<StoredSeat>& seats, const StoredEvent& event,
                          StoreDone<void> done) {
    // Created with epoch 0, this node's.
    impl_->write(create_query(g, seats, {}, event, impl_->options.node),
                 [impl = impl_.get(), id = g.id, done = std::move(done)](std::expected<void, StoreError> r) {
                     if (r) impl->epochs[id] = 0;
                     done(std::move(r));
                 });
}

void PgStore::import_game(const StoredGame& g, const std::vector<StoredSeat>& seats,
                          const std::vector<StoredMove>& moves, const StoredEvent& event, StoreDone<void> done) {
    impl_->write(create_query(g, seats, moves, event, impl_->options.node), std::move(done));
}

void PgStore::append_move(const GameId& id, const StoredMove& m, const GameUpdate& update,
                          const std::vector<StoredEvent>& events, StoreDone<void> done) {
    std::vector<Param> p{
        text(id),         integer(m.ply), text(m.uci), m.clock_ms ? integer(*m.clock_ms) : Param(), integer(m.stamp_ms),
        integer(m.lag_ms)};
    add_update(p, update);
    add_events(p, events);
    p.push_back(integer(KeptEvents));
    impl_->fenced_write(id, {&AppendMove, std::move(p)}, std::move(done));
}

void PgStore::take_back(const GameId& id, int from_ply, const GameUpdate& update,
                        const std::vector<StoredEvent>& events, StoreDone<void> done) {
    std::vector<Param> p{text(id), integer(from_ply)};
    add_update(p, update);
    add_events(p, events);
    p.push_back(integer(KeptEvents));
    impl_->fenced_write(id, {&TakeBack, std::move(p)}, std::move(done));
}

void PgStore::update_game(const GameId& id, const GameUpdate& update, const std::vector<StoredEvent>& events,
                          const std::vector<StoredSeat>& seats, StoreDone<void> done) {
    std::vector<Param> p{text(id)};
    add_update(p, update);
    add_events(p, events);
    p.push_back(integer(KeptEvents));
    add_seats(p, seats);
    impl_->fenced_write(id, {&UpdateGame, std::move(p)}, std::move(done));
}

void PgStore::queue_analysis(const StoredAnalysis& a, StoreDone<void> done) {
    impl_->write({&PutAnalysis,
                  {boolean(true), text(a.game), text("queued"), text(a.browser), integer(a.requested),
                   integer(static_cast<std::int64_t>(a.nodes)), integer(a.plies), text("")}},
                 std::move(done));
}

void PgStore::save_analysis(const StoredAnalysis& a, StoreDone<void> done) {
    impl_->write({&PutAnalysis,
                  {boolean(false), text(a.game), text(a.status == AnalysisStatus::Done ? "done" : "queued"),
                   text(a.browser), integer(a.requested), integer(static_cast<std::int64_t>(a.nodes)), integer(a.plies),
                   text(write_positions(a.positions))}},
                 std::move(done));
}

void PgStore::record_puzzle_attempt(const StoredPuzzlePlayer& p, const StoredPuzzleAttempt& a,
                                    const std::optional<StoredPuzzleRating>& puzzle, StoreDone<void> done) {
    std::vector<Param> params{text(p.browser),           real(p.glicko.rating), real(p.glicko.deviation),
                              real(p.glicko.volatility), integer(p.last_ms),    integer(p.solved),
                              integer(p.failed),         text(a.puzzle),        boolean(a.win),
                              boolean(a.rated),          integer(a.at_ms),      real(a.rating_after)};
    if (puzzle) {
        for (Param v : {text(puzzle->puzzle), real(puzzle->glicko.rating), real(puzzle->glicko.deviation),
                        real(puzzle->glicko.volatility), integer(puzzle->plays)})
            params.push_back(std::move(v));
    } else {
        params.resize(params.size() + 5);  // NULL: no puzzle rating moved
    }
    impl_->write({&RecordPuzzleAttempt, std::move(params)}, std::move(done));
}

// ---- Reads -------------------------------------------------------------------------------------

void PgStore::load_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) {
    // One snapshot for the three reads.
    std::vector<Query> q{
        {&BeginRead, {}}, {&LoadGame, {text(id)}}, {&LoadSeats, {text(id)}}, {&LoadMoves, {text(id)}}, {&Commit, {}}};
    impl_->read<std::optional<LoadedGame>>(
        std::move(q),
        [id](const std::vector<Rows>& r) -> std::expected<std::optional<LoadedGame>, StoreError> {
            const Rows& games = r[1];
            if (games.size() == 0) return std::optional<LoadedGame>();
            LoadedGame out;
            StoredGame& g = out.game;
            g.id = id;
            g.created = games.integer(0, 0);
            g.chess960_number = static_cast<int>(games.integer(0, 1));
            g.mode = parse_mode(games.text(0, 2)).value_or(Mode::Friend);
            g.level = static_cast<int>(games.integer(0, 3));
            g.tc = games.text(0, 4);
            g.initial_fen = games.text(0, 5);
            g.state.status = parse_status(games.text(0, 6)).value_or(Status::Aborted);
            g.state.result = games.text(0, 7);
            g.state.reason = games.text(0, 8);
            g.state.version = games.integer(0, 9);
            g.state.updated = games.integer(0, 10);
            g.chess960 = games.text(0, 11) == "chess960";
            g.state.offers = {parse_offer(games.text(0, 12)), parse_offer(games.text(0, 13)),
                              parse_offer(games.text(0, 14))};
            g.state.rematch = games.text(0, 15);
            g.imported = games.boolean(0, 16);
            g.white_name = games.text(0, 17);
            g.black_name = games.text(0, 18);
            const Rows& seats = r[2];
            for (int i = 0; i < seats.size(); ++i)
                out.seats.push_back({seats.text(i, 0) == "white" ? Color::White : Color::Black, seats.boolean(i, 1),
                                     seats.text(i, 2), seats.text(i, 3), seats.text(i, 4)});
            const Rows& moves = r[3];
            for (int i = 0; i < moves.size(); ++i) {
                StoredMove m;
                m.ply = static_cast<int>(moves.integer(i, 0));
                m.uci = moves.text(i, 1);
                if (!moves.null(i, 2)) m.clock_ms = moves.integer(i, 2);
                m.stamp_ms = moves.integer(i, 3);
                m.lag_ms = moves.integer(i, 4);
                out.moves.push_back(std::move(m));
            }
            return std::optional<LoadedGame>(std::move(out));
        },
        std::move(done));
}

namespace {
std::expected<std::vector<GameId>, StoreError> ids_of(const std::vector<Rows>& r) {
    std::vector<GameId> ids;
    for (int i = 0; i < r[0].size(); ++i) ids.push_back(r[0].text(i, 0));
    return ids;
}
}  // namespace

void PgStore::games_with_status(Status status, StoreDone<std::vector<GameId>> done) {
    impl_->read<std::vector<GameId>>({{&GamesWithStatus, {text(status_id(status))}}}, ids_of, std::move(done));
}

void PgStore::games_of_browser(const std::string& browser, StoreDone<std::vector<GameId>> done) {
    if (browser.empty()) {  // as SqliteStore: "no browser" holds no seat
        asio::post(impl_->io, [done = std::move(done)] { done(std::vector<GameId>{}); });
        return;
    }
    impl_->read<std::vector<GameId>>({{&GamesOfBrowser, {text(browser)}}}, ids_of, std::move(done));
}

void PgStore::events_after(const GameId& id, std::int64_t version, StoreDone<std::vector<StoredEvent>> done) {
    impl_->read<std::vector<StoredEvent>>(
        {{&EventsAfter, {text(id), integer(version)}}},
        [](const std::vector<Rows>& r) -> std::expected<std::vector<StoredEvent>, StoreError> {
            std::vector<StoredEvent> out;
            for (int i = 0; i < r[0].size(); ++i) out.push_back({r[0].integer(i, 0), r[0].text(i, 1), r[0].text(i, 2)});
            return out;
        },
        std::move(done));
}

void PgStore::load_analysis(const GameId& id, StoreDone<std::optional<StoredAnalysis>> done) {
    impl_->read<std::optional<StoredAnalysis>>(
        {{&AnalysisOf, {text(id)}}},
        [](const std::vector<Rows>& r) -> std::expected<std::optional<StoredAnalysis>, StoreError> {
            std::optional<StoreError> error;
            auto rows = analyses_of(r[0], true, error);
            if (error) return std::unexpected(*error);
            if (rows.empty()) return std::optional<StoredAnalysis>();
            return std::optional<StoredAnalysis>(std::move(rows.front()));
        },
        std::move(done));
}

namespace {
std::expected<std::vector<StoredAnalysis>, StoreError> requests_of(const std::vector<Rows>& r) {
    std::optional<StoreError> error;
    auto rows = analyses_of(r[0], false, error);
    if (error) return std::unexpected(*error);
    return rows;
}
}  // namespace

void PgStore::queued_analyses(StoreDone<std::vector<StoredAnalysis>> done) {
    impl_->read<std::vector<StoredAnalysis>>({{&QueuedAnalyses, {}}}, requests_of, std::move(done));
}

void PgStore::analyses_requested_since(Millis since, StoreDone<std::vector<StoredAnalysis>> done) {
    impl_->read<std::vector<StoredAnalysis>>({{&AnalysesSince, {integer(since)}}}, requests_of, std::move(done));
}

void PgStore::load_puzzle_player(const std::string& browser, StoreDone<std::optional<LoadedPuzzlePlayer>> done) {
    std::vector<Query> q{
        {&BeginRead, {}}, {&PuzzlePlayer, {text(browser)}}, {&PuzzleAttempts, {text(browser)}}, {&Commit, {}}};
    impl_->read<std::optional<LoadedPuzzlePlayer>>(
        std::move(q),
        [browser](const std::vector<Rows>& r) -> std::expected<std::optional<LoadedPuzzlePlayer>, StoreError> {
            const Rows& player = r[1];
            if (player.size() == 0) return std::optional<LoadedPuzzlePlayer>();
            LoadedPuzzlePlayer out;
            out.player = {browser,
                          {player.real(0, 0), player.real(0, 1), player.real(0, 2)},
                          player.integer(0, 3),
                          static_cast<int>(player.integer(0, 4)),
                          static_cast<int>(player.integer(0, 5))};
            const Rows& attempts = r[2];
            for (int i = 0; i < attempts.size(); ++i)
                out.attempts.push_back({attempts.text(i, 0), attempts.boolean(i, 1), attempts.boolean(i, 2),
                                        attempts.integer(i, 3), attempts.real(i, 4)});
            return std::optional<LoadedPuzzlePlayer>(std::move(out));
        },
        std::move(done));
}

void PgStore::puzzle_ratings(StoreDone<std::vector<StoredPuzzleRating>> done) {
    impl_->read<std::vector<StoredPuzzleRating>>(
        {{&PuzzleRatings, {}}},
        [](const std::vector<Rows>& r) -> std::expected<std::vector<StoredPuzzleRating>, StoreError> {
            std::vector<StoredPuzzleRating> out;
            for (int i = 0; i < r[0].size(); ++i)
                out.push_back({r[0].text(i, 0),
                               {r[0].real(i, 1), r[0].real(i, 2), r[0].real(i, 3)},
                               static_cast<int>(r[0].integer(i, 4))});
            return out;
        },
        std::move(done));
}

// ---- One's own mistakes ---------------------------------------------------------------------------

void PgStore::save_mistakes(const GameId& game, const std::vector<StoredMistake>& mistakes, StoreDone<void> done) {
    using M = StoredMistake;
    std::vector<Param> p{text(game)};
    p.push_back(array(mistakes, [](const M& m) { return text(m.browser); }));
    p.push_back(array(mistakes, [](const M& m) { return text(m.game); }));
    p.push_back(array(mistakes, [](const M& m) { return integer(m.ply); }));
    p.push_back(array(mistakes, [](const M& m) { return text(m.fen); }));
    p.push_back(array(mistakes, [](const M& m) { return boolean(m.chess960); }));
    p.push_back(array(mistakes, [](const M& m) { return text(m.played); }));
    p.push_back(array(mistakes, [](const M& m) { return text(m.best); }));
    p.push_back(array(mistakes, [](const M& m) { return text(m.blunder ? "blunder" : "mistake"); }));
    p.push_back(array(mistakes, [](const M& m) { return integer(m.created); }));
    p.push_back(array(mistakes, [](const M& m) { return integer(m.box); }));
    p.push_back(array(mistakes, [](const M& m) { return integer(m.due); }));
    p.push_back(array(mistakes, [](const M& m) { return integer(m.solved); }));
    p.push_back(array(mistakes, [](const M& m) { return integer(m.missed); }));
    p.push_back(array(mistakes, [](const M& m) { return integer(m.last); }));
    impl_->write({&SaveMistakes, std::move(p)}, std::move(done));
}

void PgStore::update_mistake(const StoredMistake& m, StoreDone<void> done) {
    impl_->write({&UpdateMistake,
                  {text(m.browser), text(m.game), integer(m.ply), integer(m.box), integer(m.due), integer(m.solved),
                   integer(m.missed), integer(m.last)}},
                 std::move(done));
}

void PgStore::analyses_without_mistakes(StoreDone<std::vector<GameId>> done) {
    impl_->read<std::vector<GameId>>({{&AnalysesWithoutMistakes, {}}}, ids_of, std::move(done));
}

void PgStore::load_mistakes(const std::string& browser, StoreDone<std::vector<StoredMistake>> done) {
    impl_->read<std::vector<StoredMistake>>(
        {{&LoadMistakes, {text(browser)}}},
        [browser](const std::vector<Rows>& r) -> std::expected<std::vector<StoredMistake>, StoreError> {
            std::vector<StoredMistake> out;
            const Rows& rows = r[0];
            for (int i = 0; i < rows.size(); ++i) {
                StoredMistake m;
                m.browser = browser;
                m.game = rows.text(i, 0);
                m.ply = static_cast<int>(rows.integer(i, 1));
                m.fen = rows.text(i, 2);
                m.chess960 = rows.boolean(i, 3);
                m.played = rows.text(i, 4);
                m.best = rows.text(i, 5);
                m.blunder = rows.text(i, 6) == "blunder";
                m.created = rows.integer(i, 7);
                m.box = static_cast<int>(rows.integer(i, 8));
                m.due = rows.integer(i, 9);
                m.solved = static_cast<int>(rows.integer(i, 10));
                m.missed = static_cast<int>(rows.integer(i, 11));
                m.last = rows.integer(i, 12);
                out.push_back(std::move(m));
            }
            return out;
        },
        std::move(done));
}

}  // namespace schach::server

namespace schach::server {

// ---- Several nodes -----------------------------------------------------------------------------

void PgStore::claim_game(const GameId& id, StoreDone<std::optional<LoadedGame>> done) {
    if (!impl_->several()) return load_game(id, std::move(done));
    impl_->write_raw({&ClaimGame, {text(id), text(impl_->options.node)}},
                     [this, id, done = std::move(done)](std::expected<std::string, StoreError> r) mutable {
                         if (!r) return done(std::unexpected(r.error()));
                         const std::string& t = *r;
                         if (t == "N") return done(std::optional<LoadedGame>());
                         if (t.starts_with("M"))
                             return done(std::unexpected(StoreError{"another node holds the game: " + t.substr(1),
                                                                    StoreCode::Moved, t.substr(1)}));
                         if (!t.starts_with("E")) return done(std::unexpected(StoreError{"claim: " + t.substr(1)}));
                         impl_->epochs[id] = std::stoll(t.substr(1));
                         load_game(id, std::move(done));
                     });
}

void PgStore::take_orphans(int limit, StoreDone<std::vector<GameId>> done) {
    if (!impl_->several() || !lease_held()) return done(std::vector<GameId>{});
    // A write (it changes the owners): on the writer, in the next batch.
    impl_->read<std::vector<GameId>>(
        {{&Begin, {}}, {&TakeOrphans, {text(impl_->options.node), integer(limit)}}, {&Commit, {}}},
        [](const std::vector<Rows>& r) -> std::expected<std::vector<GameId>, StoreError> {
            if (r.size() != 3) return std::unexpected(StoreError{"take orphans: an answer without its rows"});
            const Rows& rows = r[1];
            std::vector<GameId> ids;
            for (int i = 0; i < rows.size(); ++i) ids.push_back(rows.text(i, 0));
            return ids;
        },
        std::move(done));
}

std::uint64_t PgStore::tenure() const {
    impl_->check_lease(Impl::Clock::now());
    return impl_->tenure.load();
}

bool PgStore::lease_held() const { return impl_->check_lease(Impl::Clock::now()); }

std::string PgStore::node() const { return impl_->options.node; }

}  // namespace schach::server
