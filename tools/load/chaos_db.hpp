#pragma once
// The fault test's reading of the record and its one database fault (schach-chaos): the stored
// games and moves through libpq, and pg_terminate_backend on one node's sessions. Blocking
// libpq on the caller's thread (the tool's control thread, never the players' loop).

#include <expected>
#include <map>
#include <string>
#include <vector>

#include "chaos_check.hpp"

namespace schach::chaos {

struct StoredRecord {
    std::map<std::string, StoredGame> games;
    bool has_epochs = false;  // the moves table has the writer's epoch (issue #23's fencing)
};

/// The games `ids` (those the clients created) with their moves, from the PostgreSQL at `uri`.
std::expected<StoredRecord, std::string> read_record(const std::string& uri, const std::vector<std::string>& ids);

/// Ends every session of the node whose connections are named `application_name` (scripts/cluster.sh
/// names them schach-<node>); the number ended.
std::expected<int, std::string> terminate_sessions(const std::string& uri, const std::string& application_name);

}  // namespace schach::chaos
