#pragma once
// A test with a fresh database of the shared throw-away cluster (pg_cluster.hpp), and a
// connection of the test's own beside the store under test, to look at and change its rows.

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <memory>
#include <string>

#include "store/pg_cluster.hpp"

namespace schach::server::test {

class PgDatabaseTest : public ::testing::Test {
protected:
    using Connection = std::unique_ptr<PGconn, decltype(&PQfinish)>;
    using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

    void SetUp() override {
        auto cluster = PgCluster::shared();
        ASSERT_TRUE(cluster) << cluster.error();
        auto created = (*cluster)->create_database();
        ASSERT_TRUE(created) << created.error();
        uri = *created;
    }
    /// A connection of the test's own (a second client beside the store).
    Connection connect() const { return Connection(PQconnectdb(uri.c_str()), &PQfinish); }
    /// The first value of `sql` on the test's own connection ("" for no row); a statement that
    /// fails fails the test.
    std::string value(const std::string& sql) const {
        Connection c = connect();
        Result r(PQexec(c.get(), sql.c_str()), &PQclear);
        const ExecStatusType s = PQresultStatus(r.get());
        EXPECT_TRUE(s == PGRES_TUPLES_OK || s == PGRES_COMMAND_OK) << PQresultErrorMessage(r.get());
        return PQntuples(r.get()) > 0 ? PQgetvalue(r.get(), 0, 0) : "";
    }
    std::string uri;
};

}  // namespace schach::server::test
