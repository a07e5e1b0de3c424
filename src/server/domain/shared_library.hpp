#pragma once
// Libraries the server needs only once a store opens or a secret is made (SQLite, libpq,
// libcrypto), loaded then (dlopen) and not when the program starts. Linked as usual, each one is
// mapped and relocated by the dynamic loader before main() of every `schach` command: about a
// millisecond each for libsqlite3 and libcrypto on the machines here (docs/records.md), paid by
// `schach pgn check` and `schach perft` as much as by `schach serve`.
//
// A library's functions form a table of pointers named as the functions, filled once, on first
// use, from any thread:
//   struct Sqlite {
//       SCHACH_SQLITE_FUNCTIONS(SCHACH_LIBRARY_MEMBER)       // decltype(&::f) f = nullptr; ...
//       static std::expected<Sqlite, std::string> load();   // load_functions<Sqlite>(...)
//   };
//   library<Sqlite>().sqlite3_step(stmt);                   // loads, or throws with the reason
// The types and constants still come from the library's header.

#include <expected>
#include <stdexcept>
#include <string>
#include <string_view>

namespace schach::server {

/// A shared library, open for the rest of the program's life (its functions stay callable).
class SharedLibrary {
public:
    /// dlopen(soname, RTLD_NOW | RTLD_LOCAL): its symbols stay out of the program's namespace.
    /// The error names `what` ("the SQLite library"), the soname and the loader's reason.
    static std::expected<SharedLibrary, std::string> open(const char* soname, std::string_view what);
    /// The address of `name` in the library, or nullptr.
    void* symbol(const char* name) const;

private:
    explicit SharedLibrary(void* handle) : handle_(handle) {}
    void* handle_;
};

/// The members of a function table and their lookup, for a list macro X(name) X(name) ...
#define SCHACH_LIBRARY_MEMBER(name) decltype(&::name) name = nullptr;
#define SCHACH_LIBRARY_LOOKUP(name)                                          \
    table.name = reinterpret_cast<decltype(&::name)>(library.symbol(#name)); \
    if (!table.name && missing.empty()) missing = #name;

/// Opens `soname` and fills a Table by `lookup(table, library, missing)` (SCHACH_LIBRARY_LOOKUP
/// over the table's list). When a function is missing, the error names the first one and adds
/// `requirement` (which version is needed).
template <class Table, class Lookup>
std::expected<Table, std::string> load_functions(const char* soname, std::string_view what,
                                                 std::string_view requirement, Lookup lookup) {
    auto library = SharedLibrary::open(soname, what);
    if (!library) return std::unexpected(library.error());
    Table table;
    std::string missing;
    lookup(table, *library, missing);
    if (!missing.empty())
        return std::unexpected(std::string(what) + " " + soname + " has no " + missing + std::string(requirement));
    return table;
}

/// Table::load() once (thread-safe); later calls return the same table or the same reason.
template <class Table>
const std::expected<Table, std::string>& loaded_library() {
    static const std::expected<Table, std::string> table = Table::load();
    return table;
}

/// The loaded table, or the reason it could not be loaded (a store reports it as its error).
template <class Table>
std::expected<const Table*, std::string> load_library() {
    const auto& table = loaded_library<Table>();
    if (!table) return std::unexpected(table.error());
    return &*table;
}

/// The loaded table; throws std::runtime_error with the reason when it cannot be loaded.
template <class Table>
const Table& library() {
    const auto& table = loaded_library<Table>();
    if (!table) throw std::runtime_error(table.error());
    return *table;
}

}  // namespace schach::server
