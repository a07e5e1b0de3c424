// libFuzzer target: arbitrary bytes as a PGN text (run with a bounded -max_len; see scripts/fuzz.sh).
//
// The text goes through PgnReader (std::istringstream, PgnReaderOptions::max_game_bytes = 1 MB)
// into a PgnGameBuilder, in lenient SAN mode, in strict SAN mode, and, when the text holds "<br",
// with "<br />" as an extra line end. Nothing may crash, hang or trip ASan/UBSan. Then:
//   - every move the reader hands to the visitor is legal in the position it comes with (or a null
//     move not in check); every error has a message and a location (line, column, game number);
//     every game read is either built or has exactly one error;
//   - every game built: write_pgn(game) reads back (read_pgn_games) without errors as one game with
//     the same start position, main line, tree (variations, NAGs), result, tags as write_pgn
//     promises them, and comments meaning the same (parse_comment: [%clk] etc., and the text up
//     to spacing); writing the game read back gives the identical text;
//   - written in another language or notation (German or neutral letters, long algebraic, UCI;
//     chosen by the game's number), every game reads back with the same start and main line;
//   - all games of an input are written into one text and read back together (a failure is then
//     narrowed down to one game);
//   - a game that strict mode builds is built in lenient mode too, with the same main line;
//   - a visitor that wants no moves and no comments (`pgn check`: the reader plays on its lean
//     board) is told the same games, tags, results, errors (kind, detail, line, column) and main
//     line lengths as one that wants everything, in memory and from a stream.
// A violation prints what went wrong and aborts, which libFuzzer reports as a crash.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/fen.hpp"
#include "core/position.hpp"
#include "notation/notation.hpp"
#include "pgn/pgn.hpp"
#include "text/text.hpp"

namespace {

using namespace schach;

constexpr std::size_t MaxInput = 1u << 16;  // the reader streams; long inputs only cost time
constexpr std::size_t MaxGameBytes = 1u << 20;

[[noreturn]] void fail(const std::string& what, std::string_view input, std::string_view detail = {}) {
    std::fprintf(stderr, "fuzz_pgn: %s\n", what.c_str());
    if (!detail.empty()) std::fprintf(stderr, "%.*s\n", static_cast<int>(detail.size()), detail.data());
    std::fprintf(stderr, "  input: '%.*s'%s (%zu bytes)\n", static_cast<int>(std::min<std::size_t>(input.size(), 2000)),
                 input.data(), input.size() > 2000 ? "..." : "", input.size());
    std::abort();
}

std::string moves_text(const Position& start, const std::vector<Move>& moves) {
    std::string out;
    Position pos = start;
    for (Move m : moves) {
        out += to_uci(pos, m) + ' ';
        pos.do_move(m);
    }
    return out;
}

/// The builder, plus the game number of every game built and checks of what the reader reports.
class CheckingBuilder : public PgnGameBuilder {
public:
    explicit CheckingBuilder(std::string_view input) : input_(input) {}

    void begin_game(const PgnLocation& where) override {
        game_number_ = where.game;
        if (where.line == 0 || where.column == 0 || where.game == 0) fail("begin_game with a zero location", input_);
        PgnGameBuilder::begin_game(where);
    }
    void move(const Position& before, Move m, std::string_view text, const PgnLocation& where) override {
        if (m == Move::null() ? before.in_check() : !before.is_legal(m))
            fail("the reader passed an illegal move '" + std::string(text) + "' (" + to_uci(before, m) + ") in " +
                     to_fen(before),
                 input_);
        if (where.game != game_number_) fail("move location names another game", input_);
        PgnGameBuilder::move(before, m, text, where);
    }
    void error(const PgnError& e) override {
        if (describe(e, Language::English).empty()) fail("error without a message", input_);
        if (e.where.game != game_number_ || e.where.line == 0 || e.where.column == 0)
            fail("error location " + std::to_string(e.where.line) + ":" + std::to_string(e.where.column) + " game " +
                     std::to_string(e.where.game) + " does not fit game " + std::to_string(game_number_),
                 input_, describe(e, Language::English));
        PgnGameBuilder::error(e);
    }
    void end_game() override {
        PgnGameBuilder::end_game();
        for (PgnGame& g : take()) built_.emplace_back(game_number_, std::move(g));
    }

    std::vector<std::pair<std::size_t, PgnGame>> built_;

private:
    std::string_view input_;
    std::size_t game_number_ = 0;
};

std::string describe_errors(const std::vector<PgnError>& errors) {
    std::string out;
    for (const PgnError& e : errors)
        out += "  " + std::to_string(e.where.line) + ":" + std::to_string(e.where.column) + " [" +
               std::string(pgn_error_id(e.kind)) + "] " + describe(e, Language::English) + "\n";
    return out;
}

std::vector<std::pair<std::size_t, PgnGame>> read(std::string_view input, ParseMode mode, std::string newline) {
    std::istringstream in{std::string(input)};
    PgnReaderOptions options;
    options.san_mode = mode;
    options.max_game_bytes = MaxGameBytes;
    options.newline = std::move(newline);
    PgnReader reader(in, options);
    CheckingBuilder builder(input);
    const std::size_t n = reader.read_all(builder);
    if (n != reader.games_read()) fail("read_all and games_read disagree", input);
    // One error per failed game (the reader then skips to the next game); every other game is built.
    if (builder.built_.size() + builder.errors().size() != n)
        fail(std::to_string(n) + " games read, but " + std::to_string(builder.built_.size()) + " built and " +
                 std::to_string(builder.errors().size()) + " errors",
             input, describe_errors(builder.errors()));
    return std::move(builder.built_);
}

/// What a reader tells a visitor besides moves and comments, written down as text.
class Transcript : public PgnVisitor {
public:
    explicit Transcript(bool wants_moves) : wants_moves_(wants_moves) {}
    Wants wants() const override { return {wants_moves_, wants_moves_}; }
    void begin_game(const PgnLocation& where) override { log("game", where); }
    void tag(std::string_view name, std::string_view value) override {
        text += "tag " + std::string(name) + "=" + std::string(value) + "\n";
    }
    void result(std::string_view r) override { text += "result " + std::string(r) + "\n"; }
    void error(const PgnError& e) override {
        log("error " + std::string(pgn_error_id(e.kind)) + "/" + std::string(pgn_detail_id(e.detail)), e.where);
    }
    void end_moves(std::size_t plies) override { text += "plies " + std::to_string(plies) + "\n"; }
    void end_game() override { text += "end\n"; }

    std::string text;

private:
    void log(const std::string& what, const PgnLocation& where) {
        text += what + " " + std::to_string(where.line) + ":" + std::to_string(where.column) + " #" +
                std::to_string(where.game) + "\n";
    }
    bool wants_moves_;
};

template <typename Source>
std::string transcript(Source& source, ParseMode mode, bool wants_moves) {
    PgnReaderOptions options;
    options.san_mode = mode;
    options.max_game_bytes = MaxGameBytes;
    PgnReader reader(source, options);
    Transcript t(wants_moves);
    reader.read_all(t);
    return t.text;
}

/// The lean board's way (no moves wanted) against the Position's way, in memory and streamed.
void check_lean_reader(std::string_view input, ParseMode mode) {
    const std::string full = transcript(input, mode, true);
    const std::string lean = transcript(input, mode, false);
    if (lean != full)
        fail("a visitor that wants no moves is told other things (in memory)", input, full + "---\n" + lean);
    std::istringstream stream{std::string(input)};
    const std::string streamed = transcript(stream, mode, false);
    if (streamed != full)
        fail("a visitor that wants no moves is told other things (streamed)", input, full + "---\n" + streamed);
}

/// Whether a comment read back from our output means what the original said: the same commands
/// ([%clk] ...) and the same text up to spacing.
bool same_comment(std::string_view original, std::string_view again) {
    const CommentCommands a = parse_comment(original), b = parse_comment(again);
    return a.clock_seconds == b.clock_seconds && a.elapsed_seconds == b.elapsed_seconds &&
           a.eval_centipawns == b.eval_centipawns && a.eval_mate == b.eval_mate && a.eval_depth == b.eval_depth &&
           a.squares == b.squares && a.arrows == b.arrows && a.text == b.text;
}

bool same_comments(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same_comment(a[i], b[i])) return false;
    return true;
}

/// Compares the trees below node `n1` of `g1` and `n2` of `g2`; returns what differs, or "".
std::string compare_tree(const PgnGame& g1, std::uint32_t n1, const PgnGame& g2, std::uint32_t n2, int ply) {
    const PgnNode& a = g1.nodes[n1];
    const PgnNode& b = g2.nodes[n2];
    const std::string at = " at ply " + std::to_string(ply);
    if (a.move != b.move) return "another move" + at;
    if (a.nags != b.nags) return "other NAGs" + at;
    if (!same_comments(a.comments_before, b.comments_before))
        return "other comments before the move" + at +
               (a.comments_before.empty() ? "" : ": '" + a.comments_before[0] + "'");
    if (!same_comments(a.comments_after, b.comments_after))
        return "other comments after the move" + at +
               (a.comments_after.empty() ? "" : ": '" + a.comments_after[0] + "'");
    if (a.children.size() != b.children.size()) return "another number of continuations" + at;
    for (std::size_t i = 0; i < a.children.size(); ++i)
        if (std::string d = compare_tree(g1, a.children[i], g2, b.children[i], ply + 1); !d.empty()) return d;
    return {};
}

/// The tags write_pgn promises: the Seven Tag Roster (first value, or "?" / "????.??.??", Result
/// from the result), then every other tag in order.
std::vector<std::pair<std::string, std::string>> expected_tags(const PgnGame& game) {
    static constexpr std::string_view Roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    std::vector<std::pair<std::string, std::string>> out;
    for (std::string_view name : Roster) {
        const std::string_view value = name == "Result" ? std::string_view(game.result)
                                       : name == "Date" ? game.tag(name).value_or("????.??.??")
                                                        : game.tag(name).value_or("?");
        out.emplace_back(name, value);
    }
    for (const auto& [name, value] : game.tags)
        if (std::find(std::begin(Roster), std::end(Roster), name) == std::end(Roster)) out.emplace_back(name, value);
    return out;
}

/// Another language or notation for a game, by its number (all of them would multiply the cost).
PgnWriteOptions other_options(std::size_t number) {
    static constexpr std::pair<Language, Notation> Other[] = {
        {Language::German, Notation::San}, {Language::GermanNeutral, Notation::San}, {Language::English, Notation::Lan},
        {Language::German, Notation::Lan}, {Language::English, Notation::Uci},
    };
    PgnWriteOptions options;
    options.lang = Other[number % std::size(Other)].first;
    options.notation = Other[number % std::size(Other)].second;
    return options;
}

const char* describe(const PgnWriteOptions& o) {
    if (o.notation == Notation::Uci) return "UCI";
    if (o.notation == Notation::Lan) return o.lang == Language::English ? "long algebraic" : "long algebraic, German";
    return o.lang == Language::English ? "SAN" : "SAN, German letters";
}

/// Compares a game read back from `text` (write_pgn of `game` with `options`) with the original:
/// start position and main line always, and for the export format (`full`) also the tree, NAGs,
/// comments, tags, result and that writing it again gives `text`.
void compare(const PgnGame& game, const PgnGame& again, const std::string& text, const PgnWriteOptions& options,
             bool full, std::string_view input) {
    const std::string how = std::string("write_pgn output (") + describe(options) + ")";
    if (!again.start.same_position(game.start) || again.start.fullmove_number() != game.start.fullmove_number() ||
        again.start.halfmove_clock() != game.start.halfmove_clock() ||
        again.start.is_chess960() != game.start.is_chess960())
        fail(how + " reads back with another start position", input,
             "--- written:\n" + text + "--- start: " + to_fen(game.start) + "\n--- again: " + to_fen(again.start));
    const std::vector<Move> main1 = game.mainline(), main2 = again.mainline();
    if (main1 != main2)
        fail(how + " reads back with another main line", input,
             "--- written:\n" + text + "--- before: " + moves_text(game.start, main1) +
                 "\n--- after:  " + moves_text(game.start, main2));
    if (!full) return;
    if (again.nodes.size() != game.nodes.size())
        fail(how + " reads back with " + std::to_string(again.nodes.size()) + " nodes instead of " +
                 std::to_string(game.nodes.size()),
             input, "--- written:\n" + text);
    if (again.result != game.result) fail(how + " reads back with another result", input, "--- written:\n" + text);
    if (again.tags != expected_tags(game)) fail(how + " reads back with other tags", input, "--- written:\n" + text);
    if (!same_comments(game.game_comments, again.game_comments))
        fail(how + " reads back with other comments before the first move", input, "--- written:\n" + text);
    if (const std::string d = compare_tree(game, 0, again, 0, 0); !d.empty())
        fail(how + " reads back as another game tree: " + d, input, "--- written:\n" + text);
    const std::string text2 = write_pgn(again, options);
    if (text2 != text)
        fail("writing the game read back gives another text", input, "--- first:\n" + text + "--- second:\n" + text2);
}

/// Writes every game twice, in export format and in another language or notation, reads all the
/// texts back in one go (each PgnReader costs a 1 MB buffer) and compares. A failure is narrowed
/// down to the text that causes it.
void check_games(const std::vector<std::pair<std::size_t, PgnGame>>& games, std::string_view input) {
    if (games.empty()) return;
    std::vector<std::string> texts;
    std::vector<PgnWriteOptions> options;
    std::string all;
    for (const auto& [number, game] : games) {
        for (const PgnWriteOptions& o : {PgnWriteOptions{}, other_options(number)}) {
            options.push_back(o);
            texts.push_back(write_pgn(game, o));
            all += texts.back();
        }
    }
    std::vector<PgnError> errors;
    const std::vector<PgnGame> back = read_pgn_games(all, &errors);
    if (errors.empty() && back.size() == texts.size()) {
        for (std::size_t i = 0; i < back.size(); ++i)
            compare(games[i / 2].second, back[i], texts[i], options[i], i % 2 == 0, input);
        return;
    }
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const std::string how = std::string("write_pgn output (") + describe(options[i]) + ")";
        const std::vector<PgnGame> one = read_pgn_games(texts[i], &errors);
        if (!errors.empty())
            fail(how + " does not read back without errors", input,
                 "--- written:\n" + texts[i] + "--- errors:\n" + describe_errors(errors));
        if (one.size() != 1)
            fail(how + " reads back as " + std::to_string(one.size()) + " games", input, "--- written:\n" + texts[i]);
    }
    fail("write_pgn outputs read back one by one, but not one after the other", input, "--- written:\n" + all);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > MaxInput) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);

    const auto lenient = read(input, ParseMode::Lenient, {});
    for (const auto& [number, game] : lenient) (void)game.end_position();  // replays the main line
    check_games(lenient, input);
    check_lean_reader(input, ParseMode::Lenient);

    // Strict mode only where lenient mode built something (saves a reader on most inputs).
    const auto strict = lenient.empty() ? decltype(lenient){} : read(input, ParseMode::Strict, {});
    if (!lenient.empty()) check_lean_reader(input, ParseMode::Strict);
    for (const auto& [number, game] : strict) {
        const auto it = std::find_if(lenient.begin(), lenient.end(),
                                     [n = number](const auto& g) { return g.first == n; });
        if (it == lenient.end())
            fail("game " + std::to_string(number) + " built in strict mode but not in lenient mode", input);
        if (it->second.mainline() != game.mainline())
            fail("game " + std::to_string(number) + " has another main line in strict mode than in lenient mode",
                 input);
        if (it->second.nodes.size() != game.nodes.size())
            fail("game " + std::to_string(number) + " has another tree in strict mode than in lenient mode", input);
    }

    if (input.find("<br") != std::string_view::npos) check_games(read(input, ParseMode::Lenient, "<br />"), input);
    return 0;
}
