#include "server/postgres/libpq_api.hpp"

namespace schach::server::pg {

std::expected<Libpq, std::string> Libpq::load() {
    return load_functions<Libpq>(LibpqSoname, "the PostgreSQL client library",
                                 " (libpq of PostgreSQL 14 or later is needed)",
                                 [](Libpq& table, const SharedLibrary& library, std::string& missing) {
                                     SCHACH_LIBPQ_FUNCTIONS(SCHACH_LIBRARY_LOOKUP)
                                 });
}

}  // namespace schach::server::pg
