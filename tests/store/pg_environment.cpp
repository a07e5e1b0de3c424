// The shared PostgreSQL cluster stops at the end of the tests (GoogleTest's global tear-down),
// before the process exits; tests/store/pg_cluster.hpp.

#include <gtest/gtest.h>

#include "store/pg_cluster.hpp"

namespace schach::server::test {
namespace {

class PgEnvironment : public ::testing::Environment {
public:
    void TearDown() override { PgCluster::stop_shared(); }
};

[[maybe_unused]] const auto* const environment = ::testing::AddGlobalTestEnvironment(new PgEnvironment);

}  // namespace
}  // namespace schach::server::test
