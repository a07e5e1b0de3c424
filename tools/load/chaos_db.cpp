#include "chaos_db.hpp"

#include <libpq-fe.h>

#include <memory>

namespace schach::chaos {
namespace {

using Conn = std::unique_ptr<PGconn, decltype(&PQfinish)>;
using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

std::expected<Conn, std::string> connect(const std::string& uri) {
    const char* const keys[] = {"dbname", "connect_timeout", "application_name", nullptr};
    const char* const values[] = {uri.c_str(), "10", "schach-chaos", nullptr};
    Conn conn(PQconnectdbParams(keys, values, 1), &PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK)
        return std::unexpected("cannot connect to " + uri + ": " + PQerrorMessage(conn.get()));
    return conn;
}

/// A query with text parameters; its rows, or the error.
std::expected<Result, std::string> query(PGconn* conn, const char* sql, const std::vector<std::string>& params) {
    std::vector<const char*> values;
    for (const std::string& p : params) values.push_back(p.c_str());
    Result r(PQexecParams(conn, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0),
             &PQclear);
    const ExecStatusType status = PQresultStatus(r.get());
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
        return std::unexpected(std::string(sql) + ": " + PQresultErrorMessage(r.get()));
    return r;
}

/// A PostgreSQL array literal of text values ({"a","b"}); the ids are [A-Za-z0-9], quoted anyway.
std::string text_array(const std::vector<std::string>& items) {
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += ',';
        out += '"';
        for (const char c : items[i]) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        out += '"';
    }
    return out + "}";
}

}  // namespace

std::expected<StoredRecord, std::string> read_record(const std::string& uri, const std::vector<std::string>& ids) {
    auto conn = connect(uri);
    if (!conn) return std::unexpected(conn.error());
    StoredRecord record;
    auto column = query(conn->get(),
                        "SELECT 1 FROM information_schema.columns WHERE table_name = 'moves' AND column_name = 'epoch'",
                        {});
    if (!column) return std::unexpected(column.error());
    record.has_epochs = PQntuples(column->get()) > 0;

    const std::string array = text_array(ids);
    auto games = query(conn->get(), "SELECT id, initial_fen, variant FROM games WHERE id = ANY($1::text[])", {array});
    if (!games) return std::unexpected(games.error());
    for (int i = 0; i < PQntuples(games->get()); ++i) {
        StoredGame& g = record.games[PQgetvalue(games->get(), i, 0)];
        g.initial_fen = PQgetvalue(games->get(), i, 1);
        g.chess960 = std::string_view(PQgetvalue(games->get(), i, 2)) == "chess960";
    }
    const char* moves_sql =
        record.has_epochs ? "SELECT game, ply, uci, epoch FROM moves WHERE game = ANY($1::text[]) ORDER BY game, ply"
                          : "SELECT game, ply, uci, NULL FROM moves WHERE game = ANY($1::text[]) ORDER BY game, ply";
    auto moves = query(conn->get(), moves_sql, {array});
    if (!moves) return std::unexpected(moves.error());
    for (int i = 0; i < PQntuples(moves->get()); ++i) {
        StoredMove m;
        m.ply = std::stoi(PQgetvalue(moves->get(), i, 1));
        m.uci = PQgetvalue(moves->get(), i, 2);
        if (!PQgetisnull(moves->get(), i, 3)) m.epoch = std::stoll(PQgetvalue(moves->get(), i, 3));
        // A move of a game missing from `games` cannot be (a foreign key): it goes to an empty game.
        record.games[PQgetvalue(moves->get(), i, 0)].moves.push_back(std::move(m));
    }
    return record;
}

std::expected<int, std::string> terminate_sessions(const std::string& uri, const std::string& application_name) {
    auto conn = connect(uri);
    if (!conn) return std::unexpected(conn.error());
    auto r = query(conn->get(),
                   "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                   "WHERE application_name = $1 AND pid <> pg_backend_pid()",
                   {application_name});
    if (!r) return std::unexpected(r.error());
    return std::stoi(PQgetvalue(r->get(), 0, 0));
}

}  // namespace schach::chaos
