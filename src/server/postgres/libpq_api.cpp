#include "server/postgres/libpq_api.hpp"

#include <dlfcn.h>

#include <mutex>
#include <stdexcept>

namespace schach::server::pg {

namespace {

std::expected<Libpq, std::string> open_libpq() {
    // RTLD_LOCAL: its symbols stay out of the program's namespace (the pointers below reach them).
    void* handle = dlopen(LibpqSoname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        return std::unexpected(std::string("cannot load the PostgreSQL client library ") + LibpqSoname + ": " +
                               (why ? why : "unknown reason"));
    }
    Libpq lib;
    std::string missing;
#define SCHACH_LIBPQ_LOOKUP(name)                                         \
    lib.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name)); \
    if (!lib.name && missing.empty()) missing = #name;
    SCHACH_LIBPQ_FUNCTIONS(SCHACH_LIBPQ_LOOKUP)
#undef SCHACH_LIBPQ_LOOKUP
    if (!missing.empty()) {
        dlclose(handle);
        return std::unexpected(std::string("the PostgreSQL client library ") + LibpqSoname + " has no " + missing +
                               " (libpq of PostgreSQL 14 or later is needed)");
    }
    return lib;  // the handle stays open for the life of the program
}

const std::expected<Libpq, std::string>& loaded() {
    static const std::expected<Libpq, std::string> lib = open_libpq();  // once, thread-safe
    return lib;
}

}  // namespace

std::expected<const Libpq*, std::string> load_libpq() {
    const auto& lib = loaded();
    if (!lib) return std::unexpected(lib.error());
    return &*lib;
}

const Libpq& pq() {
    const auto& lib = loaded();
    if (!lib) throw std::runtime_error(lib.error());
    return *lib;
}

}  // namespace schach::server::pg
