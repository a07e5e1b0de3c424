#include "server/api/routes.hpp"

#include <array>
#include <optional>
#include <string_view>

namespace schach::server {
namespace {

/// A route: its path as segments, where "{id}" is a game id and "{*}" (last) the rest of the path,
/// none or more segments ("{+}": one or more, and a path it takes with another method is no
/// route rather than another method: the commands take the rest of every game path); and the
/// methods it takes.
struct RouteSpec {
    std::string_view path;
    bool get, post;
    Route route;
};

constexpr std::array Routes{
    RouteSpec{"ws/v1/games/{id}", true, false, Route::GameSocket},
    RouteSpec{"api/v1/games", true, false, Route::ListGames},
    RouteSpec{"api/v1/games", false, true, Route::CreateGame},
    RouteSpec{"api/v1/games/{id}", true, false, Route::GameState},
    RouteSpec{"api/v1/games/{id}/stream", true, false, Route::GameStream},
    RouteSpec{"api/v1/games/{id}/pgn", true, false, Route::GamePgn},
    RouteSpec{"api/v1/games/{id}/coach", true, false, Route::GameCoach},
    RouteSpec{"api/v1/games/{id}/join", false, true, Route::JoinGame},
    RouteSpec{"api/v1/games/{id}/analysis", false, true, Route::AnalysisAsk},
    RouteSpec{"api/v1/games/{id}/analysis", true, false, Route::Analysis},
    RouteSpec{"api/v1/games/{id}/analysis/try", false, true, Route::AnalysisTry},
    RouteSpec{"api/v1/imports", false, true, Route::Import},
    RouteSpec{"api/v1/games/{id}/{+}", false, true, Route::GameCommand},
    RouteSpec{"api/v1/exercises/{*}", true, true, Route::Exercises},
    RouteSpec{"api/v1/analysis/socket", true, false, Route::AnalysisSocket},
    RouteSpec{"api/v1/puzzles/{+}", true, true, Route::Puzzles},
    RouteSpec{"healthz", true, false, Route::Health},
    RouteSpec{"api/v1/mistakes/{+}", true, true, Route::Mistakes},
};

enum class PathMatch { No, Yes, BadId };

/// Whether `segments` is `spec`'s path; fills the id and the rest.
PathMatch match_path(std::string_view path, const std::vector<std::string>& segments, RouteMatch& out) {
    std::size_t i = 0;
    bool bad_id = false;
    while (!path.empty()) {
        const std::size_t slash = path.find('/');
        const std::string_view token = path.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
        if (token == "{*}" || token == "{+}") {
            if (token == "{+}" && i >= segments.size()) return PathMatch::No;
            out.rest.assign(segments.begin() + static_cast<std::ptrdiff_t>(i), segments.end());
            return bad_id ? PathMatch::BadId : PathMatch::Yes;
        }
        if (i >= segments.size()) return PathMatch::No;
        const std::string& segment = segments[i++];
        if (token == "{id}") {
            out.game = segment;
            bad_id = bad_id || !valid_game_id(segment);
        } else if (token != segment) {
            return PathMatch::No;
        }
    }
    if (i != segments.size()) return PathMatch::No;
    return bad_id ? PathMatch::BadId : PathMatch::Yes;
}

}  // namespace

std::expected<RouteMatch, ErrorCode> match_route(Method method, const std::vector<std::string>& segments) {
    const bool api = !segments.empty() && segments[0] == "api";
    const bool ws = !segments.empty() && segments[0] == "ws";
    const bool health = segments.size() == 1 && segments[0] == "healthz";  // the load balancer's check
    if (!api && !ws && !health) return RouteMatch{Route::Static, {}, {}};
    // The tool pages' API (/api/<tool>/..., any tool but v1) answers its own paths and methods.
    if (api && segments.size() >= 2 && segments[1] != "v1")
        return RouteMatch{Route::Tool, {}, {segments.begin() + 1, segments.end()}};
    std::optional<ErrorCode> error;
    for (const RouteSpec& spec : Routes) {
        RouteMatch m;
        m.route = spec.route;
        const PathMatch path = match_path(spec.path, segments, m);
        if (path == PathMatch::No) continue;
        if (path == PathMatch::BadId) return std::unexpected(ErrorCode::NotFound);
        if ((method == Method::Get && spec.get) || (method == Method::Post && spec.post)) return m;
        // The path is known (another route may still take the method).
        if (!spec.path.ends_with("{+}")) error = ErrorCode::Method;
    }
    // A WebSocket path that is none is not the API's: the page's files answer it (404).
    if (ws) return RouteMatch{Route::Static, {}, {}};
    return std::unexpected(error.value_or(ErrorCode::NoSuchPath));
}

std::string moved_target(std::string_view target, std::string_view node) {
    const std::size_t q = target.find('?');
    std::string out(target.substr(0, q));
    char sep = '?';
    if (q != std::string_view::npos) {
        std::string_view query = target.substr(q + 1);
        while (!query.empty()) {
            const std::size_t amp = query.find('&');
            const std::string_view param = query.substr(0, amp);
            if (!param.empty() && param != "node" && !param.starts_with("node=")) {
                out += sep;
                out += param;
                sep = '&';
            }
            if (amp == std::string_view::npos) break;
            query.remove_prefix(amp + 1);
        }
    }
    out += sep;
    out += "node=";
    out += node;
    return out;
}

std::string moved_close_reason(std::string_view node) { return "node=" + std::string(node); }

bool asked_for(std::string_view target, std::string_view node) {
    const auto parsed = parse_target(target);  // the query read as every request's is
    if (!parsed || node.empty()) return false;
    const auto asked = parsed->param("node");
    return asked && *asked == node;
}

}  // namespace schach::server
