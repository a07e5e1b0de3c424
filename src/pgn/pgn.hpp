#pragma once
// PGN: a streaming reader with a visitor, a game tree, and a writer in export format.
// The reader holds one game at a time (bounded memory for files of any size), reports errors with
// line, column and game number, and goes on with the next game after a bad one.

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/fen.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "notation/language.hpp"
#include "notation/notation.hpp"

namespace schach {

/// Where something is in a PGN source: 1-based line and column, 1-based game number.
struct PgnLocation {
    std::size_t line = 0;
    std::size_t column = 0;
    std::size_t game = 0;
};

struct PgnError {
    enum class Kind : std::uint8_t {
        Syntax,              // a token that does not belong there
        IllegalMove,         // a move that is not legal in its position (refusal says why)
        AmbiguousMove,       // SAN that fits several legal moves
        BadFen,              // FEN tag that does not parse or validate
        UnsupportedVariant,  // Crazyhouse, Atomic, ...: reported, not misread
        TooLarge,            // a game beyond the size limit (bounded memory)
        Inconsistent,        // tags that contradict the game (Result tag vs result token, ...)
    };
    /// What exactly went wrong; text/ renders it.
    enum class Detail : std::uint8_t {
        ExpectedTag,            // a tag line that does not start with '['
        QuoteBeforeValue,       // '"' before the tag value
        TagValueEnd,            // the closing '"' of the tag value
        BracketAfterTag,        // ']' after the tag value
        TagName,                // an empty tag name
        UnsupportedVariant,     // `value`: the Variant tag
        FenTag,                 // `fen`: why the FEN tag is refused
        Move,                   // `move`: why the move text is refused in `position`; `move_number`
        VariationWithoutMove,   // '(' before any move
        CloseParenWithoutOpen,  // ')' without '('
        CloseBraceWithoutOpen,  // '}' without '{'
        NumberAfterNag,         // '$' without digits
        ResultInVariation,      // a result token inside a variation
        TooLarge,               // a game or line beyond the size limit
        CommentNotClosed,       // '{' without '}' at the end of the game
        VariationNotClosed,     // '(' without ')' at the end of the game
        // Found by `pgn check` over a whole game.
        MissingMarker,      // no game termination marker
        ResultTagMismatch,  // Result tag `value` but termination marker `other`
        PlyCountNotNumber,  // PlyCount tag `value`
        PlyCountMismatch,   // PlyCount tag `count`, main line `plies`
        SetUpWithoutFen,    // SetUp "1" without FEN
        FenSetUpNotOne,     // FEN tag but SetUp `value`
        FenWithoutSetUp,    // FEN tag without SetUp
        MissingRosterTag,   // Seven Tag Roster tag `value` missing
    };
    Kind kind = Kind::Syntax;
    PgnLocation where;
    Detail detail = Detail::ExpectedTag;
    std::string value, other;
    std::uint64_t count = 0, plies = 0;
    int move_number = 0;
    MoveTextError move{};
    Position position{};  // Detail::Move: the position the move was tried in
    PositionError fen{};
};
std::string_view pgn_detail_id(PgnError::Detail detail);
std::string_view pgn_error_id(PgnError::Kind kind);

/// Structured commands found in a comment: [%clk 1:02:03], [%emt 0:00:05], [%eval 0.35] or
/// [%eval #-3], [%csl Ga1,Rb2], [%cal Ge2e4].
struct CommentCommands {
    std::optional<double> clock_seconds;
    std::optional<double> elapsed_seconds;
    std::optional<int> eval_centipawns;
    std::optional<int> eval_mate;   // moves to mate, negative when Black mates
    std::optional<int> eval_depth;  // [%eval 0.35,20]
    struct Mark {
        char color;  // G R Y B
        Square from;
        Square to;  // == from for a square highlight
        friend bool operator==(const Mark&, const Mark&) = default;
    };
    std::vector<Mark> squares;  // %csl
    std::vector<Mark> arrows;   // %cal
    /// The comment text with the commands taken out and spaces tidied.
    std::string text;
};
CommentCommands parse_comment(std::string_view comment);

/// Receives the parts of each game as the reader finds them. Every method has a default that
/// does nothing; a visitor overrides what it needs.
class PgnVisitor {
public:
    /// What a visitor wants to be told besides the tags, the result, the errors and the game's
    /// bounds. A visitor that only checks (`schach pgn check`) asks for no moves and no comments:
    /// the reader still plays every move and reports every error the same, without the calls,
    /// and plays on a lean board of its own (no Zobrist key, no undo record) since no position is
    /// shown; end_moves gives the main line's length.
    struct Wants {
        bool moves = true;     // move, nag, begin_variation, end_variation
        bool comments = true;  // comment
    };
    virtual ~PgnVisitor() = default;
    /// Asked once per game, before begin_game.
    virtual Wants wants() const { return {}; }
    virtual void begin_game(const PgnLocation&) {}
    virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
    /// After the tags, with the start position they describe. Return false to skip the movetext.
    virtual bool begin_moves(const Position&) { return true; }
    /// A move of the main line or of a variation; `before` is the position it is played in.
    virtual void move(const Position& /*before*/, Move, std::string_view /*text*/, const PgnLocation&) {}
    virtual void nag(int) {}
    virtual void comment(std::string_view) {}
    virtual void begin_variation() {}
    virtual void end_variation() {}
    /// The game termination marker: "1-0", "0-1", "1/2-1/2" or "*".
    virtual void result(std::string_view) {}
    /// An error in the current game; the reader then skips to the next game.
    virtual void error(const PgnError&) {}
    /// After a game's movetext read without error, before end_game: the moves (plies) of its main line.
    virtual void end_moves(std::size_t /*mainline_plies*/) {}
    virtual void end_game() {}
};

struct PgnReaderOptions {
    ParseMode san_mode = ParseMode::Lenient;
    std::size_t max_game_bytes = 64u << 20;  // a "game" larger than this is reported and skipped
    /// Another text that ends a line, for PGN pasted from HTML ("<br />"); empty for none.
    std::string newline;
};

class PgnReader {
public:
    explicit PgnReader(std::istream& in, PgnReaderOptions options = {});
    /// Reads a text in memory, which must outlive the reader (no copy is made). Same games, errors
    /// and locations as reading the text from a stream, only faster.
    explicit PgnReader(std::string_view text, PgnReaderOptions options = {});
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;
    /// Reads the next game into the visitor; false at the end of the input.
    bool read_game(PgnVisitor& visitor);
    /// Reads all games; returns how many.
    std::size_t read_all(PgnVisitor& visitor);
    std::size_t games_read() const;
    /// Lines of the input read so far.
    std::size_t lines_read() const;
    /// Whether the last game read ended at its termination marker with nothing after it on its
    /// line, so that the input could have been cut there and read in two parts with the same
    /// results (the second part's lines and games numbered on from the first's): how a text is
    /// split among threads and the split checked.
    bool ended_at_marker() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Cuts a PGN text into at most `parts` pieces of about equal size for readers in parallel, each
/// cut just before a line that starts with '[' and follows a blank line after a line ending in a
/// termination marker (the start of the next game in export format). A guess, not a promise: the
/// reader of each piece but the last confirms it with PgnReader::ended_at_marker().
std::vector<std::string_view> split_pgn_text(std::string_view text, std::size_t parts);
/// The first such cut at or after `from` in `text` (the offset of the next game's '['), or npos.
/// The line before the blank line must lie in `text` too: a cut is never at offset 0 or 1.
std::size_t find_pgn_cut(std::string_view text, std::size_t from);

/// One game as a tree: the main line and variations, with comments and NAGs.
struct PgnNode {
    Move move;
    std::string san;  // as written in the source (empty for built nodes)
    std::vector<int> nags;
    std::vector<std::string> comments_before;  // only at the start of a variation or the game
    std::vector<std::string> comments_after;
    std::vector<std::uint32_t> children;  // index 0: the main continuation, then variations
    std::uint32_t parent = 0;
};

struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;
    Position start;
    std::vector<std::string> game_comments;  // before the first move
    std::vector<PgnNode> nodes;              // nodes[0] is the root (no move)
    std::string result = "*";

    PgnGame() : nodes(1) {}
    std::optional<std::string_view> tag(std::string_view name) const;
    void set_tag(std::string_view name, std::string_view value);
    /// The main line from the start.
    std::vector<Move> mainline() const;
    /// The position after the main line.
    Position end_position() const;
};

/// A visitor that builds PgnGame values.
class PgnGameBuilder : public PgnVisitor {
public:
    void begin_game(const PgnLocation&) override;
    void tag(std::string_view name, std::string_view value) override;
    bool begin_moves(const Position& start) override;
    void move(const Position& before, Move m, std::string_view text, const PgnLocation&) override;
    void nag(int n) override;
    void comment(std::string_view text) override;
    void begin_variation() override;
    void end_variation() override;
    void result(std::string_view r) override;
    void error(const PgnError& e) override;
    void end_game() override;

    /// Games finished so far (cleared by take()).
    std::vector<PgnGame> take() { return std::exchange(games_, {}); }
    const std::vector<PgnError>& errors() const { return errors_; }

private:
    PgnGame current_;
    std::vector<std::uint32_t> stack_;  // per open variation: the node to return to
    std::uint32_t cursor_ = 0;          // the node the next move follows (0: the root)
    bool variation_start_ = false;      // inside "(" before the variation's first move
    std::vector<std::string> pending_;  // comments waiting for the variation's first move
    bool failed_ = false;
    std::vector<PgnGame> games_;
    std::vector<PgnError> errors_;
};

/// Reads every game of a text (convenience for tests and small inputs).
std::vector<PgnGame> read_pgn_games(std::string_view text, std::vector<PgnError>* errors = nullptr,
                                    PgnReaderOptions options = {});

struct PgnWriteOptions {
    Language lang = Language::English;  // English for export format; German letters for reading
    Notation notation = Notation::San;
    std::size_t max_line = 80;
    bool comments = true;
    bool variations = true;
};
/// Writes a game: Seven Tag Roster first, then the other tags, then movetext in lines of at most
/// `max_line` characters, ending with the result.
std::string write_pgn(const PgnGame& game, const PgnWriteOptions& options = {});

}  // namespace schach
