// The PGN writer: export format (Seven Tag Roster, lines of at most 80 characters).

#include <array>

#include "pgn/pgn.hpp"

namespace schach {
namespace {

constexpr std::array<std::string_view, 7> SevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                            "White", "Black", "Result"};

std::string escape(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    return out;
}

/// Collects words and breaks lines before `max` characters.
class Wrapper {
public:
    explicit Wrapper(std::size_t max) : max_(max) {}
    void word(std::string_view w) {
        if (w.empty()) return;
        if (!line_.empty() && line_.size() + 1 + w.size() > max_) flush();
        if (!line_.empty()) line_ += ' ';
        line_ += w;
    }
    /// A token that may hold spaces (a comment): wrapped word by word, but a [%command ...] stays
    /// on one line so that every reader finds its value.
    void text(std::string_view t) {
        std::size_t i = 0;
        while (i < t.size()) {
            std::size_t j = t.find(' ', i);
            if (t.substr(i, 2) == "[%") {
                const std::size_t close = t.find(']', i);
                if (close != std::string_view::npos) j = t.find(' ', close);
            }
            if (j == std::string_view::npos) j = t.size();
            word(t.substr(i, j - i));
            i = j + 1;
        }
    }
    std::string finish() {
        flush();
        return std::move(out_);
    }

private:
    void flush() {
        if (line_.empty()) return;
        if (line_[0] == '%') out_ += ' ';  // '%' in column 1 would make the line an escape line
        out_ += line_;
        out_ += '\n';
        line_.clear();
    }
    std::size_t max_;
    std::string line_, out_;
};

class MovetextWriter {
public:
    MovetextWriter(const PgnGame& g, const PgnWriteOptions& o) : game_(g), options_(o), wrap_(o.max_line) {}

    std::string write() {
        if (options_.comments)
            for (const auto& c : game_.game_comments) comment(c);
        line(game_.start, 0, true);
        wrap_.word(game_.result);
        return wrap_.finish();
    }

private:
    void comment(std::string_view c) {
        // Control characters become spaces and runs of spaces one, so that writing the text read
        // back from this output gives this output again (the line breaks land on the same words).
        std::string clean;
        for (char ch : c) {
            if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) ch = ' ';
            if (ch == '}') ch = ')';
            if (ch == ' ' && !clean.empty() && clean.back() == ' ') continue;
            clean += ch;
        }
        std::size_t b = clean.find_first_not_of(' '), e = clean.find_last_not_of(' ');
        wrap_.text(b == std::string::npos ? "{ }" : "{ " + clean.substr(b, e - b + 1) + " }");
    }

    void move(const Position& pos, const PgnNode& node, bool number) {
        if (options_.comments)
            for (const auto& c : node.comments_before) comment(c);
        if (pos.side_to_move() == Color::White) wrap_.word(std::to_string(pos.fullmove_number()) + ".");
        else if (number) wrap_.word(std::to_string(pos.fullmove_number()) + "...");
        wrap_.word(format_move(pos, node.move, options_.notation, options_.lang));
        for (int n : node.nags) wrap_.word("$" + std::to_string(n));
        if (options_.comments)
            for (const auto& c : node.comments_after) comment(c);
    }

    /// Writes the continuation after `parent` (whose position is `pos`).
    void line(Position pos, std::uint32_t parent, bool number) {
        for (;;) {
            const auto& children = game_.nodes[parent].children;
            if (children.empty()) return;
            const PgnNode& main = game_.nodes[children[0]];
            move(pos, main, number);
            number = false;
            if (options_.variations) {
                for (std::size_t i = 1; i < children.size(); ++i) {
                    const PgnNode& alt = game_.nodes[children[i]];
                    wrap_.word("(");
                    move(pos, alt, true);
                    Position after = pos;
                    after.do_move(alt.move);
                    line(after, children[i], false);
                    wrap_.word(")");
                    number = true;
                }
            }
            number = number || (options_.comments && !main.comments_after.empty());
            pos.do_move(main.move);
            parent = children[0];
        }
    }

    const PgnGame& game_;
    const PgnWriteOptions& options_;
    Wrapper wrap_;
};

}  // namespace

std::string write_pgn(const PgnGame& game, const PgnWriteOptions& options) {
    std::string out;
    for (std::string_view name : SevenTagRoster) {
        std::string_view value = name == "Result" ? std::string_view(game.result)
                                 : name == "Date" ? game.tag(name).value_or("????.??.??")
                                                  : game.tag(name).value_or("?");
        out += "[" + std::string(name) + " \"" + escape(value) + "\"]\n";
    }
    for (const auto& [name, value] : game.tags) {
        bool roster = false;
        for (std::string_view r : SevenTagRoster) roster |= r == name;
        if (!roster) out += "[" + name + " \"" + escape(value) + "\"]\n";
    }
    out += '\n';
    out += MovetextWriter(game, options).write();
    out += '\n';
    return out;
}

}  // namespace schach
