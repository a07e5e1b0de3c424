#include "server/domain/stored_positions.hpp"

#include <exception>

namespace schach::server {

std::string write_positions(const std::vector<StoredPositionEval>& positions) {
    std::string out;
    for (const StoredPositionEval& p : positions) {
        const char kind = p.eval.kind == review::Eval::Kind::Centipawns ? 'c'
                          : p.eval.kind == review::Eval::Kind::Mate     ? 'm'
                                                                        : 'x';
        out += kind;
        out += ' ' + std::to_string(p.eval.value) + ' ' + std::to_string(p.depth) + ' ' + std::to_string(p.nodes);
        for (const std::string& m : p.pv) out += ' ' + m;
        out += '\n';
    }
    return out;
}

std::optional<std::vector<StoredPositionEval>> read_positions(std::string_view text) {
    std::vector<StoredPositionEval> out;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        std::vector<std::string> words;
        while (!line.empty()) {
            const std::size_t space = line.find(' ');
            words.emplace_back(line.substr(0, space));
            line = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
        }
        if (words.size() < 4 || words[0].size() != 1) return std::nullopt;
        StoredPositionEval p;
        try {
            const int value = std::stoi(words[1]);
            p.eval = words[0] == "c"   ? review::Eval::cp(value)
                     : words[0] == "m" ? review::Eval::mate(value)
                                       : review::Eval{review::Eval::Kind::Checkmate, value};
            p.depth = std::stoi(words[2]);
            p.nodes = std::stoull(words[3]);
        } catch (const std::exception&) {
            return std::nullopt;
        }
        p.pv.assign(words.begin() + 4, words.end());
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace schach::server
