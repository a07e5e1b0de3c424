#pragma once
// The stores of the contract tests (tests/store/), each a database of its own per test that can
// be opened more than once (a restart; two nodes on one database): SQLite in a temporary file,
// PostgreSQL in a fresh database of the test binary's throw-away cluster.

#include <gtest/gtest.h>
#include <unistd.h>

#include <expected>
#include <filesystem>
#include <memory>
#include <string>
#include <type_traits>

#include "server/postgres/pg_store.hpp"
#include "server/sqlite/sqlite_store.hpp"
#include "store/pg_cluster.hpp"

namespace schach::server::test {

/// SQLite: a database file in a fresh temporary directory, removed at the end.
struct SqliteBackend {
    using StoreType = SqliteStore;
    std::filesystem::path dir;
    std::expected<void, std::string> prepare() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir = std::filesystem::temp_directory_path() /
              ("schach-contract-" + std::to_string(::getpid()) + "-" + info->name());
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        return {};
    }
    ~SqliteBackend() {
        if (!dir.empty()) std::filesystem::remove_all(dir);
    }
    std::expected<std::unique_ptr<SqliteStore>, StoreError> open() {
        return SqliteStore::open((dir / "games.db").string());
    }
};

/// PostgreSQL: a fresh database of the test binary's throw-away cluster.
struct PgBackend {
    using StoreType = PgStore;
    std::string uri;
    std::expected<void, std::string> prepare() {
        auto cluster = PgCluster::shared();
        if (!cluster) return std::unexpected(cluster.error());
        auto created = (*cluster)->create_database();
        if (!created) return std::unexpected(created.error());
        uri = *created;
        return {};
    }
    std::expected<std::unique_ptr<PgStore>, StoreError> open() { return PgStore::open(PgOptions{uri, 2, "node-1"}); }
};

struct BackendNames {
    template <class T>
    static std::string GetName(int) {
        return std::is_same_v<T, SqliteBackend> ? "Sqlite" : "Postgres";
    }
};

using Backends = ::testing::Types<SqliteBackend, PgBackend>;

}  // namespace schach::server::test
