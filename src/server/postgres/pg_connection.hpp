#pragma once
// One libpq connection driven without blocking on an Asio io_context: the connection is opened
// with PQconnectStart/PQconnectPoll, switched to non-blocking and pipeline mode, and every batch
// of prepared statements is sent as one pipeline (one round trip) while the loop waits on the
// socket (async_wait), never in libpq. One batch at a time; all of it on the io_context's thread.
//
// A failure of the connection (the server gone, the backend terminated, a batch over its time)
// fails the batch at hand with StoreCode::Failed and closes the connection; the next batch opens
// it again. So a lost connection costs one failed call, never a hang.

#include <chrono>
#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/domain/store.hpp"
#include "server/postgres/libpq_api.hpp"

namespace schach::server::pg {

/// A statement of the store: prepared once per connection under its name.
struct Statement {
    std::string name;
    std::string sql;
};

/// One execution of a prepared statement; its parameters in PostgreSQL's text form (none: NULL).
struct Query {
    const Statement* statement = nullptr;
    std::vector<std::optional<std::string>> params;
};

/// The rows of one query, in text form.
class Rows {
public:
    Rows() = default;
    explicit Rows(PGresult* result) : result_(result, &clear_result) {}
    int size() const { return result_ ? pq().PQntuples(result_.get()) : 0; }
    bool null(int row, int col) const { return pq().PQgetisnull(result_.get(), row, col) != 0; }
    std::string text(int row, int col) const;
    std::int64_t integer(int row, int col) const;
    double real(int row, int col) const;
    bool boolean(int row, int col) const { return text(row, col) == "t"; }

private:
    std::unique_ptr<PGresult, void (*)(PGresult*)> result_{nullptr, &clear_result};
};

using BatchResult = std::expected<std::vector<Rows>, StoreError>;
using BatchDone = std::function<void(BatchResult)>;

/// Drops the server's notices (libpq prints them on stderr otherwise): what matters comes as an error.
void ignore_notices(PGconn* conn);

/// The error of a failed result: a broken integrity constraint (SQLSTATE class 23: a key taken,
/// a game that is not there) is a Conflict, as SQLite's constraint errors are; the rest Failed.
StoreError result_error(const PGresult* result, std::string_view what);

class Connection {
public:
    /// `conninfo`: a libpq connection string or URI. `statements` are prepared on every (re)connect.
    Connection(boost::asio::io_context& io, std::string conninfo, std::span<const Statement* const> statements,
               std::chrono::milliseconds timeout);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    /// Runs the queries in order as one pipeline, opening the connection first when it is closed.
    /// `done` gets one Rows per query, or the first error (the server skips the rest of the
    /// pipeline). Only while idle(); `done` is called on the io_context's thread.
    void run(std::vector<Query> queries, BatchDone done);
    bool idle() const { return !done_; }
    /// Whether the last batch failed because the connection failed (not for its queries, not for
    /// its time): a read may then be run again on a fresh connection.
    bool lost() const { return lost_; }
    /// Closes the connection (a batch in progress fails).
    void close();

private:
    enum class Phase : std::uint8_t { Closed, Connecting, Preparing, Working };

    void connect();
    void poll_connect(PostgresPollingStatusType status);
    void on_connected();
    void send(bool prepare);
    void pump();
    /// Calls pump() once the socket is readable (or writable, when `write`).
    void wait(bool write);
    void rewrap_socket();
    void fail(StoreError error, bool lost = true);
    void finish();
    StoreError connection_error(std::string_view what) const;

    boost::asio::io_context& io_;
    std::string conninfo_;
    std::span<const Statement* const> statements_;
    std::chrono::milliseconds timeout_;
    PGconn* conn_ = nullptr;
    Phase phase_ = Phase::Closed;
    boost::asio::posix::stream_descriptor socket_;
    boost::asio::steady_timer timer_;
    std::uint64_t generation_ = 0;  // a wait of an older generation is ignored
    std::uint64_t batch_ = 0;       // the timer of an older batch is ignored
    std::vector<Query> queries_;
    BatchDone done_;
    std::vector<Rows> results_;
    std::size_t expected_ = 0;  // results of the pipeline in flight
    std::size_t slot_ = 0;      // the query whose results come now
    std::optional<StoreError> error_;
    bool flushed_ = true;
    bool boundary_ = false;
    bool lost_ = false;  // the last result read was the end of a query's results
};

}  // namespace schach::server::pg
