#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "server/domain/shared_library.hpp"
#include "server/sqlite/sqlite_api.hpp"

// Functions of libc looked up the way the server looks up SQLite's, libpq's and libcrypto's.
extern "C" {
int schach_test_function_nobody_has(int);
}

namespace schach::server {
namespace {

#define SCHACH_TEST_LIBC_FUNCTIONS(X) \
    X(strlen)                         \
    X(atoi)
#define SCHACH_TEST_MISSING_FUNCTIONS(X) \
    X(strlen)                            \
    X(schach_test_function_nobody_has)

struct TestLibc {
    SCHACH_TEST_LIBC_FUNCTIONS(SCHACH_LIBRARY_MEMBER)
    static std::expected<TestLibc, std::string> load() {
        return load_functions<TestLibc>("libc.so.6", "the C library", "",
                                        [](TestLibc& table, const SharedLibrary& library, std::string& missing) {
                                            SCHACH_TEST_LIBC_FUNCTIONS(SCHACH_LIBRARY_LOOKUP)
                                        });
    }
};

TEST(SharedLibrary, FunctionsAreFoundAndCallable) {
    const TestLibc& libc = library<TestLibc>();
    EXPECT_EQ(libc.strlen("schach"), 6u);
    EXPECT_EQ(libc.atoi("-7"), -7);
    EXPECT_EQ(&library<TestLibc>(), &library<TestLibc>());  // loaded once
}

TEST(SharedLibrary, AMissingLibraryIsNamedWithTheReason) {
    const auto library = SharedLibrary::open("libschach-not-there.so.7", "the test library");
    ASSERT_FALSE(library);
    EXPECT_NE(library.error().find("cannot load the test library libschach-not-there.so.7: "), std::string::npos)
        << library.error();
}

TEST(SharedLibrary, AMissingFunctionIsNamedWithTheRequirement) {
    struct Partial {
        SCHACH_TEST_MISSING_FUNCTIONS(SCHACH_LIBRARY_MEMBER)
    };
    const auto partial = load_functions<Partial>(
        "libc.so.6", "the C library", " (a newer one is needed)",
        [](Partial& table, const SharedLibrary& library, std::string& missing) {
            SCHACH_TEST_MISSING_FUNCTIONS(SCHACH_LIBRARY_LOOKUP)
        });
    ASSERT_FALSE(partial);
    EXPECT_EQ(partial.error(),
              "the C library libc.so.6 has no schach_test_function_nobody_has (a newer one is needed)");
}

TEST(SharedLibrary, SqliteIsLoadedOnUse) {
    const auto sqlite = load_library<Sqlite>();
    ASSERT_TRUE(sqlite) << sqlite.error();
    sqlite3* db = nullptr;
    ASSERT_EQ((*sqlite)->sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
    EXPECT_EQ((*sqlite)->sqlite3_exec(db, "CREATE TABLE t (x)", nullptr, nullptr, nullptr), SQLITE_OK);
    EXPECT_EQ((*sqlite)->sqlite3_close(db), SQLITE_OK);
}

}  // namespace
}  // namespace schach::server
