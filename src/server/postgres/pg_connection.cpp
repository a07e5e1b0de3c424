#include "server/postgres/pg_connection.hpp"

#include <poll.h>

#include <charconv>

#include <boost/asio/post.hpp>

namespace schach::server::pg {

namespace asio = boost::asio;

std::string Rows::text(int row, int col) const {
    const char* value = pq().PQgetvalue(result_.get(), row, col);
    return std::string(value, static_cast<std::size_t>(pq().PQgetlength(result_.get(), row, col)));
}

std::int64_t Rows::integer(int row, int col) const {
    const char* value = pq().PQgetvalue(result_.get(), row, col);
    const int length = pq().PQgetlength(result_.get(), row, col);
    std::int64_t out = 0;
    std::from_chars(value, value + length, out);
    return out;
}

double Rows::real(int row, int col) const {
    // PostgreSQL writes the shortest text that reads back to the same double (extra_float_digits
    // 1); from_chars reads it whatever the locale's decimal point.
    const char* value = pq().PQgetvalue(result_.get(), row, col);
    double out = 0;
    std::from_chars(value, value + pq().PQgetlength(result_.get(), row, col), out);
    return out;
}

void ignore_notices(PGconn* conn) {
    if (conn)
        pq().PQsetNoticeProcessor(
            conn, [](void*, const char*) {}, nullptr);
}

StoreError result_error(const PGresult* result, std::string_view what) {
    const char* state = pq().PQresultErrorField(result, PG_DIAG_SQLSTATE);
    const bool conflict = state && std::string_view(state).starts_with("23");
    std::string message = pq().PQresultErrorMessage(result);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    return StoreError{std::string(what) + ": " + message, conflict ? StoreCode::Conflict : StoreCode::Failed};
}

Connection::Connection(asio::io_context& io, std::string conninfo, std::span<const Statement* const> statements,
                       std::chrono::milliseconds timeout)
    : io_(io), conninfo_(std::move(conninfo)), statements_(statements), timeout_(timeout), socket_(io), timer_(io) {}

Connection::~Connection() { close(); }

void Connection::run(std::vector<Query> queries, BatchDone done) {
    queries_ = std::move(queries);
    done_ = std::move(done);
    error_.reset();
    lost_ = false;
    // The bound of every batch (connecting included): past it the connection is given up.
    ++batch_;
    timer_.expires_after(timeout_);
    timer_.async_wait([this, b = batch_](const boost::system::error_code& ec) {
        if (ec || b != batch_ || !done_) return;
        fail(StoreError{"no answer from PostgreSQL within " + std::to_string(timeout_.count()) + " ms"}, false);
    });
    if (phase_ == Phase::Closed) return connect();
    send(false);
}

StoreError Connection::connection_error(std::string_view what) const {
    std::string message = conn_ ? pq().PQerrorMessage(conn_) : "out of memory";
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    return StoreError{std::string(what) + ": " + message, StoreCode::Failed};
}

void Connection::connect() {
    // The URI or key=value string as given; fallback_application_name names us in pg_stat_activity.
    const char* const keys[] = {"dbname", "fallback_application_name", nullptr};
    const char* const values[] = {conninfo_.c_str(), "schach", nullptr};
    conn_ = pq().PQconnectStartParams(keys, values, 1);
    ignore_notices(conn_);
    if (!conn_ || pq().PQstatus(conn_) == CONNECTION_BAD) return fail(connection_error("connect"));
    phase_ = Phase::Connecting;
    poll_connect(PGRES_POLLING_WRITING);  // libpq's rule: start as if the last poll asked to write
}

void Connection::poll_connect(PostgresPollingStatusType status) {
    switch (status) {
        case PGRES_POLLING_OK: return on_connected();
        case PGRES_POLLING_FAILED: return fail(connection_error("connect"));
        default: break;
    }
    // The socket can change between polls (another address tried): wrapped anew each time.
    rewrap_socket();
    if (!socket_.is_open()) return fail(connection_error("connect"));
    const bool write = status == PGRES_POLLING_WRITING;
    const int fd = pq().PQsocket(conn_);
    pollfd p{fd, static_cast<short>(write ? POLLOUT : POLLIN), 0};
    auto next = [this, g = generation_] {
        if (g != generation_) return;
        poll_connect(pq().PQconnectPoll(conn_));
    };
    if (::poll(&p, 1, 0) > 0) return asio::post(io_, next);
    socket_.async_wait(write ? asio::posix::descriptor_base::wait_write : asio::posix::descriptor_base::wait_read,
                       [this, next, g = generation_](const boost::system::error_code& ec) {
                           if (ec == asio::error::operation_aborted || g != generation_) return;
                           next();
                       });
}

void Connection::on_connected() {
    if (pq().PQsetnonblocking(conn_, 1) != 0 || pq().PQenterPipelineMode(conn_) != 1)
        return fail(connection_error("pipeline mode"));
    rewrap_socket();
    if (!socket_.is_open()) return fail(connection_error("socket"));
    send(true);
}

void Connection::rewrap_socket() {
    boost::system::error_code ec;
    if (socket_.is_open()) (void)socket_.release();
    const int fd = conn_ ? pq().PQsocket(conn_) : -1;
    if (fd >= 0) socket_.assign(fd, ec);
}

void Connection::send(bool prepare) {
    phase_ = prepare ? Phase::Preparing : Phase::Working;
    results_.clear();
    slot_ = 0;
    boundary_ = false;
    if (prepare) {
        expected_ = statements_.size();
        for (const Statement* s : statements_)
            if (!pq().PQsendPrepare(conn_, s->name.c_str(), s->sql.c_str(), 0, nullptr))
                return fail(connection_error("prepare"));
    } else {
        expected_ = queries_.size();
        std::vector<const char*> values;
        for (const Query& q : queries_) {
            values.clear();
            for (const auto& p : q.params) values.push_back(p ? p->c_str() : nullptr);
            if (!pq().PQsendQueryPrepared(conn_, q.statement->name.c_str(), static_cast<int>(values.size()),
                                          values.data(), nullptr, nullptr, 0))
                return fail(connection_error("send"));
        }
    }
    if (!pq().PQpipelineSync(conn_)) return fail(connection_error("sync"));
    results_.resize(expected_);
    flushed_ = false;
    pump();
}

void Connection::pump() {
    if (!flushed_) {
        const int f = pq().PQflush(conn_);
        if (f < 0) return fail(connection_error("send"));
        flushed_ = f == 0;
    }
    if (!pq().PQconsumeInput(conn_)) return fail(connection_error("receive"));
    while (!pq().PQisBusy(conn_)) {
        PGresult* r = pq().PQgetResult(conn_);
        if (!r) {
            if (boundary_) break;  // nothing more for now
            boundary_ = true;      // the end of a query's results
            ++slot_;
            continue;
        }
        boundary_ = false;
        const ExecStatusType status = pq().PQresultStatus(r);
        if (status == PGRES_PIPELINE_SYNC) {
            pq().PQclear(r);
            return finish();
        }
        if (status == PGRES_FATAL_ERROR && !error_)
            error_ = result_error(r, phase_ == Phase::Preparing ? "prepare" : "query");
        if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK) {
            if (slot_ < results_.size()) results_[slot_] = Rows(r);
            else pq().PQclear(r);
        } else {
            pq().PQclear(r);
        }
    }
    if (pq().PQstatus(conn_) == CONNECTION_BAD) return fail(connection_error("connection"));
    wait(!flushed_);
}

void Connection::wait(bool write) {
    const int fd = pq().PQsocket(conn_);
    // Asio's epoll is edge-triggered and a wait does not look first: readiness that came while no
    // wait was pending would be missed. poll() looks now; the wait covers what comes after.
    pollfd p{fd, static_cast<short>(POLLIN | (write ? POLLOUT : 0)), 0};
    if (::poll(&p, 1, 0) > 0) {
        asio::post(io_, [this, g = generation_] {
            if (g == generation_) pump();
        });
        return;
    }
    // Reading while a send waits for room: the server may wait for us to read before it reads on.
    auto on_ready = [this, g = generation_](const boost::system::error_code& ec) {
        if (ec == asio::error::operation_aborted || g != generation_) return;
        ++generation_;  // the other wait, if any, is now stale
        boost::system::error_code ignored;
        socket_.cancel(ignored);
        pump();
    };
    socket_.async_wait(asio::posix::descriptor_base::wait_read, on_ready);
    if (write) socket_.async_wait(asio::posix::descriptor_base::wait_write, on_ready);
}

void Connection::fail(StoreError error, bool lost) {
    error_ = std::move(error);
    lost_ = lost;
    close();
    finish();
}

void Connection::finish() {
    if (phase_ == Phase::Preparing && !error_) return send(false);  // the statements are there: the batch
    ++generation_;
    ++batch_;
    timer_.cancel();
    // An error inside a transaction leaves it aborted (a fresh connection is simpler than a
    // ROLLBACK), and statements that could not be prepared are tried again on a fresh one.
    if (error_ && conn_ && (phase_ == Phase::Preparing || pq().PQtransactionStatus(conn_) != PQTRANS_IDLE)) close();
    if (phase_ != Phase::Closed) phase_ = Phase::Working;
    BatchDone done = std::move(done_);
    done_ = nullptr;
    queries_.clear();
    BatchResult result = error_ ? BatchResult(std::unexpected(*error_)) : BatchResult(std::move(results_));
    results_.clear();
    error_.reset();
    if (done) done(std::move(result));
}

void Connection::close() {
    ++generation_;
    if (socket_.is_open()) (void)socket_.release();
    if (conn_) pq().PQfinish(conn_);
    conn_ = nullptr;
    phase_ = Phase::Closed;
}

}  // namespace schach::server::pg
