#include "server/api/protocol.hpp"

#include <algorithm>
#include <array>
#include <random>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>

namespace schach::server {
namespace json = boost::json;

std::string_view error_code_name(ErrorCode code) {
    switch (code) {
        case ErrorCode::Malformed: return "malformed";
        case ErrorCode::UnknownType: return "unknown-type";
        case ErrorCode::NotFound: return "no-such-game";
        case ErrorCode::NoSuchPath: return "not-found";
        case ErrorCode::Forbidden: return "not-your-seat";
        case ErrorCode::Origin: return "origin";
        case ErrorCode::Host: return "host";
        case ErrorCode::TooLarge: return "too-large";
        case ErrorCode::Rate: return "rate";
        case ErrorCode::RateConnections: return "rate-connections";
        case ErrorCode::RateGames: return "rate-games";
        case ErrorCode::Method: return "method";
        case ErrorCode::Internal: return "internal";
        case ErrorCode::Unavailable: return "unavailable";
    }
    return "internal";
}

namespace {
struct Words {
    std::string_view de, neutral, en;
};
Words words(ErrorCode code) {
    switch (code) {
        case ErrorCode::Malformed: return {"Die Nachricht ist ungültig.", "", "The message is malformed."};
        case ErrorCode::UnknownType:
            return {"Diese Nachricht kennt der Server nicht.", "", "The server does not know this message."};
        case ErrorCode::NotFound: return {"Diese Partie gibt es nicht.", "", "There is no such game."};
        case ErrorCode::NoSuchPath: return {"Nicht gefunden.", "", "Not found."};
        case ErrorCode::Forbidden:
            return {"Das ist nicht dein Platz in dieser Partie.", "Das ist nicht Ihr Platz in dieser Partie.",
                    "This is not your seat in this game."};
        case ErrorCode::Origin:
            return {"Anfragen von fremden Seiten werden abgelehnt.", "", "Requests from other sites are refused."};
        case ErrorCode::Host:
            return {"Dieser Server antwortet nicht unter diesem Namen.", "",
                    "This server does not answer under this name."};
        case ErrorCode::TooLarge: return {"Die Anfrage ist zu groß.", "", "The request is too large."};
        case ErrorCode::Rate: return {"Zu viele Nachrichten.", "", "Too many messages."};
        case ErrorCode::RateConnections:
            return {"Zu viele offene Verbindungen von dieser Adresse.", "",
                    "Too many open connections from this address."};
        case ErrorCode::RateGames:
            return {"Zu viele neue Partien von dieser Adresse in kurzer Zeit.", "",
                    "Too many new games from this address in a short time."};
        case ErrorCode::Method:
            return {"Diese Methode ist hier nicht erlaubt.", "", "This method is not allowed here."};
        case ErrorCode::Internal: return {"Interner Fehler des Servers.", "", "Internal server error."};
        case ErrorCode::Unavailable:
            return {"Die Partie wird gerade an einen anderen Server übergeben; gleich noch einmal versuchen.", "",
                    "The game is being handed to another server; try again in a moment."};
    }
    return {"", "", ""};
}
}  // namespace

std::string error_text(ErrorCode code, Language lang) {
    const Words w = words(code);
    switch (lang) {
        case Language::German: return std::string(w.de);
        case Language::GermanNeutral: return std::string(w.neutral.empty() ? w.de : w.neutral);
        case Language::English: return std::string(w.en);
    }
    return std::string(w.en);
}

json::value error_body(ErrorCode code, Language lang) {
    return json::object{{"code", error_code_name(code)}, {"text", error_text(code, lang)}};
}

json::value limit_body(ErrorCode code, Language lang, std::int64_t retry_after_seconds) {
    std::string text = error_text(code, lang);
    const std::string seconds = std::to_string(retry_after_seconds);
    switch (lang) {
        case Language::German:
        case Language::GermanNeutral: text += " Bitte in " + seconds + " s noch einmal versuchen."; break;
        case Language::English: text += " Please try again in " + seconds + " s."; break;
    }
    return json::object{{"code", error_code_name(code)}, {"text", text}, {"retryAfter", retry_after_seconds}};
}

std::string error_message(ErrorCode code, Language lang) {
    return json::serialize(json::object{{"t", "error"}, {"d", error_body(code, lang)}});
}

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

/// The name of a Host header without its port ("[::1]:8080" -> "[::1]", "a.b:80" -> "a.b").
std::string host_name(std::string_view host) {
    if (host.starts_with('[')) {
        const auto end = host.find(']');
        return end == std::string_view::npos ? std::string() : lower(host.substr(0, end + 1));
    }
    return lower(host.substr(0, host.find(':')));
}

bool is_ip_literal(std::string_view name) {
    if (name.starts_with('[')) return name.ends_with(']') && name.size() > 2;
    if (name.empty()) return false;
    int dots = 0;
    for (char c : name) {
        if (c == '.') ++dots;
        else if (c < '0' || c > '9') return false;
    }
    return dots == 3;
}

/// "::1" as a Host names it: "[::1]".
std::string as_host_name(std::string_view listen) {
    if (listen.find(':') != std::string_view::npos && !listen.starts_with('[')) return "[" + lower(listen) + "]";
    return lower(listen);
}

}  // namespace

bool host_allowed(std::string_view host_header, std::string_view listen_host, const std::vector<std::string>& allowed) {
    const std::string name = host_name(host_header);
    if (name.empty()) return false;
    if (name == "localhost" || name == "127.0.0.1" || name == "[::1]" || name == as_host_name(listen_host)) return true;
    if ((listen_host == "0.0.0.0" || listen_host == "::") && is_ip_literal(name)) return true;
    return std::any_of(allowed.begin(), allowed.end(), [&](const std::string& a) { return as_host_name(a) == name; });
}

std::optional<std::string> Target::param(std::string_view name) const {
    const auto it = query.find(name);
    if (it == query.end()) return std::nullopt;
    return it->second;
}

std::optional<Target> parse_target(std::string_view target) {
    const auto url = boost::urls::parse_origin_form(target);
    if (!url) return std::nullopt;
    // Boost.URL hides a leading "./" of a path from segments(): look at the whole path as well.
    const std::string path = url->path();
    if (path.find("/./") != std::string::npos || path.find("/../") != std::string::npos || path.ends_with("/.") ||
        path.ends_with("/.."))
        return std::nullopt;
    Target out;
    const auto segs = url->segments();
    std::size_t index = 0;
    const std::size_t count = segs.size();
    for (const std::string segment : segs) {
        ++index;
        // "/" alone has one empty segment; a trailing slash ("/game/x/") another at the end.
        if (segment.empty() && index == count) continue;
        if (segment.empty() || segment == "." || segment == "..") return std::nullopt;
        if (segment.find_first_of(std::string_view("/\\\0", 3)) != std::string::npos) return std::nullopt;
        out.segments.push_back(segment);
    }
    for (const auto param : url->params()) {
        if (param.key.find('\0') != std::string::npos || param.value.find('\0') != std::string::npos)
            return std::nullopt;
        out.query.emplace(param.key, param.value);
    }
    return out;
}

bool valid_game_id(std::string_view id) {
    return id.size() == 8 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
           });
}

std::optional<std::string> static_file_for(const std::vector<std::string>& segments) {
    if (segments.empty()) return "index.html";
    if (segments.size() == 2 && (segments[0] == "game" || segments[0] == "watch") && valid_game_id(segments[1]))
        return "index.html";
    // The tool pages (tools_api.hpp).
    if (segments.size() == 1 &&
        (segments[0] == "chess960" || segments[0] == "uhr" || segments[0] == "clock" || segments[0] == "pgn"))
        return "index.html";
    if (segments.size() != 1) return std::nullopt;
    const std::string& name = segments[0];
    if (name == "coach" || name == "analyse" || name == "analysis")
        return "index.html";                                         // the page's own routes (web/src/routes.ts)
    if (name == "regeln" || name == "rules") return "index.html";    // the rules guide
    if (name == "taktik" || name == "puzzles") return "index.html";  // the tactics trainer
    // Plain file names only: letters, digits, '.', '-', '_', never starting with a dot.
    if (name.front() == '.' || name.find('.') == std::string::npos) return std::nullopt;
    const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
               c == '_';
    });
    if (!plain) return std::nullopt;
    return name;
}

std::string_view content_type_for(std::string_view file) {
    const auto ends = [&](std::string_view ext) { return file.ends_with(ext); };
    if (ends(".html")) return "text/html; charset=utf-8";
    if (ends(".js")) return "text/javascript; charset=utf-8";
    if (ends(".css")) return "text/css; charset=utf-8";
    if (ends(".map") || ends(".json")) return "application/json";
    if (ends(".svg")) return "image/svg+xml";
    if (ends(".png")) return "image/png";
    if (ends(".ico")) return "image/x-icon";
    if (ends(".woff2")) return "font/woff2";
    if (ends(".txt")) return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

std::optional<std::string> cookie_value(std::string_view header, std::string_view name) {
    while (!header.empty()) {
        const std::size_t end = std::min(header.find(';'), header.size());
        std::string_view pair = header.substr(0, end);
        header.remove_prefix(std::min(end + 1, header.size()));
        while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
        const std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos) continue;
        if (pair.substr(0, eq) == name) {
            std::string_view value = pair.substr(eq + 1);
            while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
            return std::string(value);
        }
    }
    return std::nullopt;
}

Language request_language(const std::optional<std::string>& param, const std::optional<std::string>& cookie,
                          std::string_view accept_language, Language fallback) {
    if (param)
        if (const auto l = parse_language(*param)) return *l;
    if (cookie)
        if (const auto l = parse_language(*cookie)) return *l;
    // "en-US,en;q=0.9,de;q=0.8": the first tag we speak (weights are taken in the order given).
    while (!accept_language.empty()) {
        const std::size_t end = std::min(accept_language.find(','), accept_language.size());
        std::string_view tag = accept_language.substr(0, end);
        accept_language.remove_prefix(std::min(end + 1, accept_language.size()));
        tag = tag.substr(0, tag.find(';'));
        while (!tag.empty() && tag.front() == ' ') tag.remove_prefix(1);
        const std::string_view primary = tag.substr(0, 2);
        if (primary == "de" || primary == "DE") return Language::German;
        if (primary == "en" || primary == "EN") return Language::English;
    }
    return fallback;
}

std::string random_token(std::size_t bytes) {
    static constexpr std::string_view Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::random_device device;  // the kernel's generator (getrandom) on Linux
    std::string raw(bytes, '\0');
    for (char& c : raw) c = static_cast<char>(device() & 0xff);
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (const char c : raw) {
        buffer = (buffer << 8) | static_cast<unsigned char>(c);
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out.push_back(Alphabet[(buffer >> bits) & 63]);
        }
    }
    if (bits > 0) out.push_back(Alphabet[(buffer << (6 - bits)) & 63]);
    return out;
}

}  // namespace schach::server
