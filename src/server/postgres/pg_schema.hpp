#pragma once
// The PostgreSQL schema of PgStore and its migrations, versioned as SqliteStore's are: a
// schema_version table, one migration per version, each in its own transaction. The writes are
// functions in PL/pgSQL (one call per write, see pg_store.hpp for why).

#include <chrono>
#include <expected>
#include <span>
#include <string>
#include <string_view>

#include "server/domain/store.hpp"
#include "server/postgres/libpq_api.hpp"

namespace schach::server::pg {

/// The schema version this code writes.
inline constexpr int SchemaVersion = 3;

/// Brings the database to SchemaVersion on a connection in blocking mode (at open, before any
/// call). Several processes opening at once wait for each other (an advisory lock). Failed: the
/// database is newer than this program, or a migration failed (nothing of it stays).
std::expected<void, StoreError> migrate(PGconn* conn);

/// A node's first beat of its lease (schema 3, nodes), on the same blocking connection: the node
/// holds its lease before it serves.
std::expected<void, StoreError> first_beat(PGconn* conn, const std::string& node, const std::string& address,
                                           std::chrono::milliseconds lease);

}  // namespace schach::server::pg
