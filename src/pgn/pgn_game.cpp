// PgnGame: the tree built from a PGN game, its comments' commands, and the export-format writer.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "core/fen.hpp"
#include "pgn/pgn.hpp"

namespace schach {

// ---------------------------------------------------------------- comment commands

namespace {

/// White space in a comment: the writer turns every control character into a space and may break
/// a line at any space, so all of them must read alike.
bool blank(char ch) { return static_cast<unsigned char>(ch) <= 0x20 || ch == 0x7F; }

std::optional<double> parse_clock(std::string_view s) {
    // h:mm:ss(.f), mm:ss or seconds
    double total = 0, part = 0;
    int fields = 0;
    std::size_t i = 0;
    while (i <= s.size()) {
        std::size_t j = s.find(':', i);
        if (j == std::string_view::npos) j = s.size();
        std::string_view field = s.substr(i, j - i);
        if (field.empty()) return std::nullopt;
        auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), part);
        if (ec != std::errc{} || ptr != field.data() + field.size() || part < 0) return std::nullopt;
        total = total * 60 + part;
        ++fields;
        i = j + 1;
        if (j == s.size()) break;
    }
    if (fields == 0 || fields > 3) return std::nullopt;
    return total;
}

void parse_marks(std::string_view args, std::vector<CommentCommands::Mark>& out, bool arrows) {
    std::size_t i = 0;
    while (i < args.size()) {
        std::size_t j = args.find(',', i);
        if (j == std::string_view::npos) j = args.size();
        std::string_view item = args.substr(i, j - i);
        while (!item.empty() && blank(item.front())) item.remove_prefix(1);
        while (!item.empty() && blank(item.back())) item.remove_suffix(1);
        if (item.size() == (arrows ? 5u : 3u)) {
            Square from = parse_square(item.substr(1, 2));
            Square to = arrows ? parse_square(item.substr(3, 2)) : from;
            if (from != Square::None && to != Square::None) out.push_back({item[0], from, to});
        }
        i = j + 1;
    }
}

void parse_eval(std::string_view args, CommentCommands& c) {
    std::string_view value = args, depth;
    if (std::size_t comma = args.find(','); comma != std::string_view::npos) {
        value = args.substr(0, comma);
        depth = args.substr(comma + 1);
    }
    if (!value.empty() && value[0] == '#') {
        int mate = 0;
        std::string_view digits = value.substr(1);
        if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
        if (std::from_chars(digits.data(), digits.data() + digits.size(), mate).ec == std::errc{}) c.eval_mate = mate;
    } else {
        double pawns = 0;
        std::string_view v = value;
        if (!v.empty() && v[0] == '+') v.remove_prefix(1);
        if (std::from_chars(v.data(), v.data() + v.size(), pawns).ec == std::errc{})
            c.eval_centipawns = static_cast<int>(std::lround(pawns * 100));
    }
    int d = 0;
    if (!depth.empty() && std::from_chars(depth.data(), depth.data() + depth.size(), d).ec == std::errc{})
        c.eval_depth = d;
}

}  // namespace

CommentCommands parse_comment(std::string_view comment) {
    CommentCommands c;
    std::string text;
    std::size_t i = 0;
    while (i < comment.size()) {
        std::size_t open = comment.find("[%", i);
        if (open == std::string_view::npos) {
            text.append(comment.substr(i));
            break;
        }
        std::size_t close = comment.find(']', open);
        if (close == std::string_view::npos) {
            text.append(comment.substr(i));
            break;
        }
        text.append(comment.substr(i, open - i));
        std::string_view body = comment.substr(open + 2, close - open - 2);
        // The name ends at any white space: a writer may have broken the line there.
        // Any control character counts as a space, as the writer turns them into spaces.
        std::size_t sp = 0;
        while (sp < body.size() && !blank(body[sp])) ++sp;
        std::string_view name = body.substr(0, sp), args = sp < body.size() ? body.substr(sp + 1) : "";
        while (!args.empty() && blank(args.front())) args.remove_prefix(1);
        while (!args.empty() && blank(args.back())) args.remove_suffix(1);
        if (name == "clk") c.clock_seconds = parse_clock(args);
        else if (name == "emt") c.elapsed_seconds = parse_clock(args);
        else if (name == "eval") parse_eval(args, c);
        else if (name == "csl") parse_marks(args, c.squares, false);
        else if (name == "cal") parse_marks(args, c.arrows, true);
        else text.append(comment.substr(open, close - open + 1));  // unknown commands stay text
        i = close + 1;
    }
    // Tidy spaces.
    std::string tidy;
    for (char ch : text) {
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) ch = ' ';  // control characters read as space
        if (ch == ' ' && (tidy.empty() || tidy.back() == ' ')) continue;
        tidy += ch;
    }
    while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
    c.text = std::move(tidy);
    return c;
}

// ---------------------------------------------------------------- PgnGame

std::optional<std::string_view> PgnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return std::string_view(v);
    return std::nullopt;
}

void PgnGame::set_tag(std::string_view name, std::string_view value) {
    for (auto& [k, v] : tags)
        if (k == name) {
            v = value;
            return;
        }
    tags.emplace_back(name, value);
}

std::vector<Move> PgnGame::mainline() const {
    std::vector<Move> moves;
    for (std::uint32_t n = 0; !nodes[n].children.empty();) {
        n = nodes[n].children.front();
        moves.push_back(nodes[n].move);
    }
    return moves;
}

Position PgnGame::end_position() const {
    Position p = start;
    for (Move m : mainline()) p.do_move(m);
    return p;
}

// ---------------------------------------------------------------- builder

void PgnGameBuilder::begin_game(const PgnLocation&) {
    current_ = PgnGame();
    stack_.clear();
    pending_.clear();
    cursor_ = 0;
    variation_start_ = failed_ = false;
}

void PgnGameBuilder::tag(std::string_view name, std::string_view value) { current_.tags.emplace_back(name, value); }

bool PgnGameBuilder::begin_moves(const Position& start) {
    current_.start = start;
    return true;
}

void PgnGameBuilder::move(const Position&, Move m, std::string_view text, const PgnLocation&) {
    PgnNode node;
    node.move = m;
    node.san = text;
    node.parent = cursor_;
    node.comments_before = std::exchange(pending_, {});
    current_.nodes.push_back(std::move(node));
    const auto index = static_cast<std::uint32_t>(current_.nodes.size() - 1);
    current_.nodes[cursor_].children.push_back(index);
    cursor_ = index;
    variation_start_ = false;
}

void PgnGameBuilder::nag(int n) {
    if (cursor_ != 0 && !variation_start_) current_.nodes[cursor_].nags.push_back(n);
}

void PgnGameBuilder::comment(std::string_view text) {
    if (variation_start_) pending_.emplace_back(text);
    else if (cursor_ == 0) current_.game_comments.emplace_back(text);
    else current_.nodes[cursor_].comments_after.emplace_back(text);
}

void PgnGameBuilder::begin_variation() {
    // The variation replaces the last move: it continues from that move's parent.
    stack_.push_back(cursor_);
    cursor_ = current_.nodes[cursor_].parent;
    variation_start_ = true;
}

void PgnGameBuilder::end_variation() {
    if (stack_.empty()) return;
    cursor_ = stack_.back();
    stack_.pop_back();
    variation_start_ = false;
    // A variation holding only a comment: keep the words after the move it was meant for.
    for (auto& c : std::exchange(pending_, {})) current_.nodes[cursor_].comments_after.push_back(std::move(c));
}

void PgnGameBuilder::result(std::string_view r) { current_.result = r; }

void PgnGameBuilder::error(const PgnError& e) {
    failed_ = true;
    errors_.push_back(e);
}

void PgnGameBuilder::end_game() {
    if (!failed_) games_.push_back(std::move(current_));
}

std::vector<PgnGame> read_pgn_games(std::string_view text, std::vector<PgnError>* errors, PgnReaderOptions options) {
    std::istringstream in{std::string(text)};
    PgnReader reader(in, options);
    PgnGameBuilder builder;
    reader.read_all(builder);
    if (errors) *errors = builder.errors();
    return builder.take();
}

}  // namespace schach
