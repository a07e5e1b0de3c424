#include "match/openings.hpp"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "core/chess960.hpp"

namespace schach::match {
namespace {

std::vector<std::string_view> fields(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

OpeningError opening_error(OpeningError::Kind kind, const std::filesystem::path& path = {}) {
    OpeningError e;
    e.kind = kind;
    e.path = path;
    return e;
}

bool is_number(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::expected<std::string, OpeningError> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected(opening_error(OpeningError::Kind::CannotOpen, path));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

std::expected<std::vector<Opening>, OpeningError> read_epd_openings(std::string_view text, bool chess960) {
    std::vector<Opening> out;
    std::size_t line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        const auto f = fields(line);
        if (f.empty() || f[0].starts_with("#")) {
            if (end == text.size()) break;
            continue;
        }
        // Four FEN fields, then either the two counters of a full FEN or EPD opcodes (ignored).
        std::string fen;
        for (std::size_t i = 0; i < std::min<std::size_t>(4, f.size()); ++i) fen += std::string(f[i]) + ' ';
        if (f.size() >= 6 && is_number(f[4]) && is_number(f[5])) fen += std::string(f[4]) + ' ' + std::string(f[5]);
        else fen += "0 1";
        ValidateOptions options;
        options.variant = chess960 ? Variant::Chess960 : Variant::Standard;
        auto position = position_from_fen(fen, options);
        if (!position) {
            OpeningError e = opening_error(OpeningError::Kind::BadFen);
            e.line = line_no;
            e.fen = position.error();
            return std::unexpected(e);
        }
        out.push_back(Opening{*position, {}});
        if (end == text.size()) break;
    }
    if (out.empty()) return std::unexpected(opening_error(OpeningError::Kind::Empty));
    return out;
}

std::expected<std::vector<Opening>, OpeningError> read_pgn_openings(std::string_view text, int plies) {
    std::vector<PgnError> errors;
    const std::vector<PgnGame> games = read_pgn_games(text, &errors);
    if (!errors.empty()) {
        OpeningError e = opening_error(OpeningError::Kind::BadPgn);
        e.pgn = errors.front();
        return std::unexpected(e);
    }
    std::vector<Opening> out;
    for (const PgnGame& g : games) {
        Opening o{g.start, g.mainline()};
        if (static_cast<int>(o.moves.size()) > plies) o.moves.resize(static_cast<std::size_t>(plies));
        out.push_back(std::move(o));
    }
    if (out.empty()) return std::unexpected(opening_error(OpeningError::Kind::Empty));
    return out;
}

std::expected<OpeningSet, OpeningError> OpeningSet::load(const OpeningSpec& spec, bool chess960, std::uint64_t seed) {
    OpeningSet set;
    set.chess960_ = chess960;
    set.seed_ = seed;
    set.first_ = static_cast<std::size_t>(spec.start - 1);
    if (spec.format == OpeningSpec::Format::Book) {
        auto book = engine::PolyglotBook::open(spec.file);
        if (!book) {
            OpeningError e = opening_error(OpeningError::Kind::BadBook, spec.file);
            e.book = book.error();
            return std::unexpected(e);
        }
        set.book_ = std::move(*book);
        set.use_book_ = true;
        set.book_depth_ = spec.depth;
        return set;
    }
    if (spec.format == OpeningSpec::Format::None) return set;
    const auto text = read_file(spec.file);
    if (!text) return std::unexpected(text.error());
    auto openings = spec.format == OpeningSpec::Format::Pgn ? read_pgn_openings(*text, spec.plies)
                                                            : read_epd_openings(*text, chess960);
    if (!openings) {
        openings.error().path = spec.file;
        return std::unexpected(openings.error());
    }
    set.openings_ = std::move(*openings);
    set.order_.resize(set.openings_.size());
    std::iota(set.order_.begin(), set.order_.end(), std::size_t{0});
    if (spec.order == OpeningSpec::Order::Random) {
        std::mt19937_64 rng(seed);
        // Fisher-Yates with our own draws: std::shuffle's sequence differs between libraries.
        for (std::size_t i = set.order_.size(); i > 1; --i) std::swap(set.order_[i - 1], set.order_[rng() % i]);
    }
    return set;
}

Opening OpeningSet::opening(std::size_t pair) const {
    if (!openings_.empty()) return openings_[order_[(first_ + pair) % order_.size()]];
    std::mt19937_64 rng(seed_ * 0x9E3779B97F4A7C15ull + pair + first_);
    Opening o;
    if (chess960_) o.start = *chess960_position(static_cast<int>(rng() % 960));
    if (use_book_) {
        Position pos = o.start;
        for (int ply = 0; ply < book_depth_; ++ply) {
            const Move m = book_.pick(pos, rng);
            if (m == Move::none()) break;
            o.moves.push_back(m);
            pos.do_move(m);
        }
    }
    return o;
}

}  // namespace schach::match
