#include "server/sqlite/sqlite_api.hpp"

namespace schach::server {

std::expected<Sqlite, std::string> Sqlite::load() {
    return load_functions<Sqlite>(SqliteSoname, "the SQLite library", " (SQLite 3.20 or later is needed)",
                                  [](Sqlite& table, const SharedLibrary& library, std::string& missing) {
                                      SCHACH_SQLITE_FUNCTIONS(SCHACH_LIBRARY_LOOKUP)
                                  });
}

}  // namespace schach::server
