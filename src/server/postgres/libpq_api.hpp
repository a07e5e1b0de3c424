#pragma once
// libpq, loaded when the first PostgreSQL store opens (dlopen), not when the program starts.
// Linked as usual, libpq brings about twenty shared libraries with it (OpenSSL, Kerberos, LDAP,
// GnuTLS, ...), and the dynamic loader maps and relocates every one of them before main() of
// every `schach` command: 3 of its 6 ms of start-up on this machine, paid by `schach pgn check`
// and `schach perft` as much as by `schach serve --store postgresql://...`. Loaded here instead,
// only a server on PostgreSQL pays it, once; and a machine without libpq runs everything else.
// The types and constants come from <libpq-fe.h> as before; the functions are called through
// pq(), with their own names: pq().PQclear(result).

#include <libpq-fe.h>

#include <expected>
#include <string>

#include "server/domain/shared_library.hpp"

namespace schach::server::pg {

// Every libpq function the store calls.
// clang-format off
#define SCHACH_LIBPQ_FUNCTIONS(X) \
    X(PQclear) \
    X(PQconnectPoll) \
    X(PQconnectStartParams) \
    X(PQconnectdbParams) \
    X(PQconsumeInput) \
    X(PQenterPipelineMode) \
    X(PQerrorMessage) \
    X(PQexec) \
    X(PQexecParams) \
    X(PQfinish) \
    X(PQflush) \
    X(PQgetResult) \
    X(PQgetisnull) \
    X(PQgetlength) \
    X(PQgetvalue) \
    X(PQisBusy) \
    X(PQntuples) \
    X(PQpipelineSync) \
    X(PQresultErrorField) \
    X(PQresultErrorMessage) \
    X(PQresultStatus) \
    X(PQsendPrepare) \
    X(PQsendQueryPrepared) \
    X(PQsetNoticeProcessor) \
    X(PQsetnonblocking) \
    X(PQsocket) \
    X(PQstatus) \
    X(PQtransactionStatus)
// clang-format on

/// The functions of the loaded libpq.
struct Libpq {
    SCHACH_LIBPQ_FUNCTIONS(SCHACH_LIBRARY_MEMBER)
    /// Opens libpq and looks its functions up; the error names the library and says why it could
    /// not be loaded or which function it lacks (pipeline mode needs PostgreSQL 14's libpq or later).
    static std::expected<Libpq, std::string> load();
};

/// The shared object looked for (libpq's ABI since PostgreSQL 8.0).
inline constexpr const char* LibpqSoname = "libpq.so.5";

/// Loads libpq once (later calls return the same; safe from any thread), or says why it cannot.
inline std::expected<const Libpq*, std::string> load_libpq() { return load_library<Libpq>(); }

/// The loaded libpq. Loads it when nothing has yet; throws std::runtime_error with load_libpq()'s
/// reason when it cannot be loaded (PgStore::open loads it first and reports that as a store error).
inline const Libpq& pq() { return library<Libpq>(); }

/// PQclear as a deleter (std::unique_ptr<PGresult, decltype(&clear_result)>).
inline void clear_result(PGresult* result) {
    if (result) pq().PQclear(result);
}

}  // namespace schach::server::pg
