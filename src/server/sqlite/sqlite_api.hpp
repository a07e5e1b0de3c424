#pragma once
// SQLite, loaded when the first SQLite store opens (dlopen: server/domain/shared_library.hpp), not
// when the program starts, so that the commands without a store do not pay for mapping it. The
// types and constants come from <sqlite3.h>; the functions are called through sq(), with their own
// names: sq().sqlite3_step(stmt).

#include <sqlite3.h>

#include <expected>
#include <string>

#include "server/domain/shared_library.hpp"

namespace schach::server {

// Every SQLite function the store calls.
// clang-format off
#define SCHACH_SQLITE_FUNCTIONS(X) \
    X(sqlite3_bind_double) \
    X(sqlite3_bind_int64) \
    X(sqlite3_bind_null) \
    X(sqlite3_bind_text) \
    X(sqlite3_busy_timeout) \
    X(sqlite3_changes) \
    X(sqlite3_clear_bindings) \
    X(sqlite3_close) \
    X(sqlite3_column_bytes) \
    X(sqlite3_column_double) \
    X(sqlite3_column_int64) \
    X(sqlite3_column_text) \
    X(sqlite3_column_type) \
    X(sqlite3_errmsg) \
    X(sqlite3_exec) \
    X(sqlite3_extended_errcode) \
    X(sqlite3_finalize) \
    X(sqlite3_free) \
    X(sqlite3_get_autocommit) \
    X(sqlite3_open_v2) \
    X(sqlite3_prepare_v3) \
    X(sqlite3_reset) \
    X(sqlite3_step) \
    X(sqlite3_wal_checkpoint_v2)
// clang-format on

/// The functions of the loaded SQLite library.
struct Sqlite {
    SCHACH_SQLITE_FUNCTIONS(SCHACH_LIBRARY_MEMBER)
    /// Opens the library and looks its functions up (sqlite3_prepare_v3 needs SQLite 3.20).
    static std::expected<Sqlite, std::string> load();
};

/// The shared object looked for (SQLite 3's ABI).
inline constexpr const char* SqliteSoname = "libsqlite3.so.0";

/// The loaded SQLite; throws std::runtime_error with the reason when it cannot be loaded
/// (SqliteStore::open loads it first, with load_library<Sqlite>(), and reports that as its error).
inline const Sqlite& sq() { return library<Sqlite>(); }

}  // namespace schach::server
