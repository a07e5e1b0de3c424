// The streaming PGN reader: lines from a refillable buffer (or from a text in memory), tokens per
// line, one game at a time.

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "pgn/byte_scan.hpp"
#include "pgn/pgn.hpp"
#include "pgn/pgn_board.hpp"

namespace schach {
namespace {

constexpr std::size_t ChunkSize = 1u << 16;

// Inlined into the loops that run for every line or token (a call costs more than the work).
#define SCHACH_PGN_HOT [[gnu::always_inline]] inline

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/// The newlines of a text region, found 64 bytes at a time and handed out in order: much cheaper
/// than a library call per line when lines are short.
class NewlineFinder {
public:
    void reset(const char* base, std::size_t size) {
        base_ = base;
        size_ = size;
        block_ = 0;
        mask_ = load(0);
    }
    /// The offset of the first '\n' at or after `from`, or the region's size when there is none.
    std::size_t find(std::size_t from) {
        if (from < block_ || from - block_ >= 64) {
            block_ = from;
            mask_ = load(from);
        }
        std::uint64_t m = mask_ & (~std::uint64_t{0} << (from - block_));
        while (m == 0) {
            block_ += 64;
            if (block_ >= size_) {
                mask_ = 0;  // the block's mask: none (a stale one would be read as this block's)
                return size_;
            }
            mask_ = m = load(block_);
        }
        return block_ + static_cast<std::size_t>(std::countr_zero(m));
    }

private:
    std::uint64_t load(std::size_t at) const {
        if (at >= size_) return 0;
        // Text read for the first time (a mapped file) arrives faster when asked for early; the
        // hardware prefetcher stops at page boundaries.
        if (size_ - at > PrefetchDistance) __builtin_prefetch(base_ + at + PrefetchDistance);
        return scan::newline_mask(base_ + at, size_ - at);
    }
    static constexpr std::size_t PrefetchDistance = 2048;

    const char* base_ = nullptr;
    std::size_t size_ = 0;
    std::size_t block_ = 0;   // offset of the 64 bytes in mask_
    std::uint64_t mask_ = 0;  // their newlines, bit i for byte block_ + i
};

/// Lines of the input, with line numbers. From a stream, memory holds one chunk plus the longest
/// line; from a text in memory, lines are views into it. Both give the same lines, also where a
/// line is too long (see next_in_memory).
class LineSource {
public:
    /// Lines longer than `max_line` are skipped (memory stays bounded) and reported as overlong.
    LineSource(std::istream& in, std::size_t max_line) : in_(&in), max_line_(max_line) {}
    LineSource(std::string_view text, std::size_t max_line)
        : max_line_(max_line), data_(text.data()), end_(text.size()), in_memory_(true) {
        newlines_.reset(data_, end_);
    }

    /// The next line without its end; false at the end of input.
    bool next(std::string_view& line) {
        overlong_ = false;
        if (in_memory_) return next_in_memory(line);
        for (;;) {
            const char* start = data_ + pos_;
            const std::size_t avail = end_ - pos_;
            if (const std::size_t nl = newlines_.find(pos_); nl < end_) {
                const std::size_t len = nl - pos_;
                line = std::string_view(start, len);
                pos_ += len + 1;
                return finish(line);
            }
            if (eof_) {
                if (avail == 0) return false;
                line = std::string_view(start, avail);
                pos_ = end_;
                return finish(line);
            }
            if (avail >= max_line_) return skip_overlong(line);
            refill();
        }
    }
    /// The next line of a text in memory when it is an ordinary one: not the first, ended by a
    /// newline, not overlong, its first byte accepted by `first`, and its length (without a
    /// final '\r') plus one at most `budget`. Otherwise false, and nothing is consumed (next()
    /// then takes the line). What next() would give, without its general cases.
    template <class First>
    bool next_plain(std::string_view& line, std::size_t budget, First first) {
        if (!in_memory_ || pos_ == end_ || line_no_ == 0 || !first(data_[pos_])) return false;
        const std::size_t nl = newlines_.find(pos_);
        if (nl == end_) return false;
        const std::size_t last_chunk_end = nl / ChunkSize * ChunkSize;
        if (last_chunk_end >= pos_ && last_chunk_end - pos_ >= max_line_) return false;
        const std::size_t len = nl - pos_ - (data_[nl - 1] == '\r');  // the line is not empty
        if (len + 1 > budget) return false;
        line = std::string_view(data_ + pos_, len);
        pos_ = nl + 1;
        ++line_no_;
        overlong_ = false;
        return true;
    }
    std::size_t line_number() const { return line_no_; }
    /// For a reader that goes on from line to line of a text in memory by itself (the movetext's
    /// plain tokens): the text's end, a newline's offset, and the lines it went on by.
    bool in_memory() const { return in_memory_; }
    const char* text_end() const { return data_ + end_; }
    /// The first '\n' at or after `p` (in the text), or the text's end.
    const char* newline_from(const char* p) { return data_ + newlines_.find(static_cast<std::size_t>(p - data_)); }
    /// Where the next line starts (in the text).
    const char* next_line_start() const { return data_ + pos_; }
    /// The reader has begun another line (one that next_plain would have given).
    void began_line() { ++line_no_; }
    /// The next line starts at `next` (in the text): the reader has taken the lines before it.
    void resume_at(const char* next) { pos_ = static_cast<std::size_t>(next - data_); }
    /// The last line was longer than the limit and has been skipped.
    bool overlong() const { return overlong_; }
    /// Lines from next() may be read (not used) up to here, for scanning many bytes at a time.
    const char* readable_end() const { return in_memory_ ? data_ + end_ : buffer_.data() + buffer_.size(); }

private:
    bool finish(std::string_view& line) {
        ++line_no_;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line_no_ == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);  // UTF-8 BOM
        return true;
    }
    /// Drops input up to the end of an overlong line.
    bool skip_overlong(std::string_view& line) {
        overlong_ = true;
        for (;;) {
            const char* start = data_ + pos_;
            if (const void* nl = end_ > pos_ ? std::memchr(start, '\n', end_ - pos_) : nullptr) {
                pos_ = static_cast<std::size_t>(static_cast<const char*>(nl) - data_) + 1;
                break;
            }
            pos_ = end_;
            if (eof_) break;
            refill();
        }
        line = {};
        ++line_no_;
        return true;
    }
    void refill() {
        // Keep the unfinished line, then read another chunk behind it. (memmove must not see the
        // empty buffer's null pointer.)
        if (end_ > pos_) std::memmove(buffer_.data(), buffer_.data() + pos_, end_ - pos_);
        end_ -= pos_;
        pos_ = 0;
        if (buffer_.size() < end_ + ChunkSize) buffer_.resize(end_ + ChunkSize);
        in_->read(buffer_.data() + end_, static_cast<std::streamsize>(ChunkSize));
        const std::size_t got = static_cast<std::size_t>(in_->gcount());
        end_ += got;
        if (got == 0) eof_ = true;
        data_ = buffer_.data();
        newlines_.reset(data_, end_);
    }

    /// The same lines as from a stream of the text: the stream reader holds whole chunks of
    /// ChunkSize bytes and calls a line overlong when, at a chunk end before the line's newline
    /// (or at the end of the input), at least max_line bytes of it are buffered.
    bool next_in_memory(std::string_view& line) {
        if (pos_ == end_) {
            // The stream reader looks once more before it meets the end: with max_line 0 that
            // look finds an (empty) overlong line.
            const bool overlong_look = !eof_ && max_line_ == 0;
            eof_ = true;
            return overlong_look && skip_overlong_in_memory(line, end_);
        }
        const std::size_t nl = newlines_.find(pos_);
        if (nl == end_) {  // the last line, without a newline
            eof_ = true;
            if (end_ - pos_ >= max_line_) return skip_overlong_in_memory(line, end_);
            line = std::string_view(data_ + pos_, end_ - pos_);
            pos_ = end_;
            return finish(line);
        }
        const std::size_t last_chunk_end = nl / ChunkSize * ChunkSize;
        if (last_chunk_end >= pos_ && last_chunk_end - pos_ >= max_line_) return skip_overlong_in_memory(line, nl + 1);
        line = std::string_view(data_ + pos_, nl - pos_);
        pos_ = nl + 1;
        return finish(line);
    }
    bool skip_overlong_in_memory(std::string_view& line, std::size_t next) {
        overlong_ = true;
        pos_ = next;
        line = {};
        ++line_no_;
        return true;
    }

    std::istream* in_ = nullptr;
    std::size_t max_line_;
    std::vector<char> buffer_;
    const char* data_ = nullptr;  // the buffer or the text in memory
    std::size_t pos_ = 0, end_ = 0, line_no_ = 0;
    bool eof_ = false, overlong_ = false;
    bool in_memory_ = false;
    NewlineFinder newlines_;
};

/// The variants the PGN "Variant" tag may name that we play.
enum class VariantTag { Standard, Chess960, Unsupported };
VariantTag classify_variant(std::string_view v) {
    // The name in lower case without ' ', '-' and '_', in a buffer longer than every name below
    // (this runs for every game: no allocation). ASCII letters only, as std::tolower in the "C"
    // locale the program runs in.
    std::array<char, 16> buffer;
    std::size_t size = 0;
    for (char c : v) {
        if (c == ' ' || c == '-' || c == '_') continue;
        if (size == buffer.size()) return VariantTag::Unsupported;
        buffer[size++] = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    const std::string_view lower(buffer.data(), size);
    if (lower.empty() || lower == "standard" || lower == "chess" || lower == "normal" || lower == "fromposition" ||
        lower == "frompos")
        return VariantTag::Standard;
    if (lower == "chess960" || lower == "fischerandom" || lower == "fischerrandom" || lower == "frc" ||
        lower == "960" || lower == "freestyle" || lower == "chess9lx")
        return VariantTag::Chess960;
    return VariantTag::Unsupported;
}

/// Bytes by the movetext tokens they start or belong to, one table lookup each (this runs for
/// every token).
enum ByteClass : std::uint8_t {
    SanStart = 1,   // a piece letter, a pawn's file or O (castling): the first letter of plain SAN
    Space = 2,      // white space other than newline (is_space)
    Digit = 4,      // 0-9: a move number, a result or a NAG's digits
    Brace = 8,      // '{': a comment
    Newline = 16,   // '\n': the line's end, where the tokens go on over lines
    WordStop = 32,  // ends a movetext word: scan::WordEndChars and '\n'
};
/// The first bytes of a line the movetext's plain tokens go on with (read_game only hands it on).
constexpr std::uint8_t PlainLineStart = SanStart | Digit | Brace;
constexpr std::array<std::uint8_t, 256> ByteClasses = [] {
    std::array<std::uint8_t, 256> t{};
    for (char c : std::string_view("abcdefghNBRQKO")) t[static_cast<unsigned char>(c)] |= SanStart;
    for (char c : std::string_view(" \t\r\f\v")) t[static_cast<unsigned char>(c)] |= Space;
    for (char c : std::string_view("0123456789")) t[static_cast<unsigned char>(c)] |= Digit;
    t[static_cast<unsigned char>('{')] |= Brace;
    t[static_cast<unsigned char>('\n')] |= Newline | WordStop;
    for (char c : scan::WordEndChars) t[static_cast<unsigned char>(c)] |= WordStop;
    return t;
}();

std::uint8_t byte_class(char c) { return ByteClasses[static_cast<unsigned char>(c)]; }

/// The index after a move number ("12." "12..." or glued "12.e4") starting at digit `i` of `p`
/// (`n` bytes), or `i` when the digits are not followed by a dot.
std::size_t after_move_number(const char* p, std::size_t i, std::size_t n) {
    std::size_t k = i + 1;
    while (k < n && (byte_class(p[k]) & Digit)) ++k;
    if (k == n || p[k] != '.') return i;
    while (k < n && p[k] == '.') ++k;
    return k;
}

int nag_of_suffix(std::string_view s) {
    if (s == "!") return 1;
    if (s == "?") return 2;
    if (s == "!!") return 3;
    if (s == "??") return 4;
    if (s == "!?") return 5;
    if (s == "?!") return 6;
    return 0;
}

}  // namespace

std::string_view pgn_detail_id(PgnError::Detail detail) {
    using D = PgnError::Detail;
    switch (detail) {
        case D::ExpectedTag: return "expected-tag";
        case D::QuoteBeforeValue: return "quote-before-value";
        case D::TagValueEnd: return "tag-value-end";
        case D::BracketAfterTag: return "bracket-after-tag";
        case D::TagName: return "tag-name";
        case D::UnsupportedVariant: return "unsupported-variant";
        case D::FenTag: return "fen-tag";
        case D::Move: return "move";
        case D::VariationWithoutMove: return "variation-without-move";
        case D::CloseParenWithoutOpen: return "close-paren-without-open";
        case D::CloseBraceWithoutOpen: return "close-brace-without-open";
        case D::NumberAfterNag: return "number-after-nag";
        case D::ResultInVariation: return "result-in-variation";
        case D::TooLarge: return "too-large";
        case D::CommentNotClosed: return "comment-not-closed";
        case D::VariationNotClosed: return "variation-not-closed";
        case D::MissingMarker: return "missing-marker";
        case D::ResultTagMismatch: return "result-tag-mismatch";
        case D::PlyCountNotNumber: return "ply-count-not-number";
        case D::PlyCountMismatch: return "ply-count-mismatch";
        case D::SetUpWithoutFen: return "set-up-without-fen";
        case D::FenSetUpNotOne: return "fen-set-up-not-one";
        case D::FenWithoutSetUp: return "fen-without-set-up";
        case D::MissingRosterTag: return "missing-roster-tag";
    }
    return "?";
}

std::string_view pgn_error_id(PgnError::Kind kind) {
    switch (kind) {
        case PgnError::Kind::Syntax: return "syntax";
        case PgnError::Kind::IllegalMove: return "illegal-move";
        case PgnError::Kind::AmbiguousMove: return "ambiguous-move";
        case PgnError::Kind::BadFen: return "bad-fen";
        case PgnError::Kind::UnsupportedVariant: return "unsupported-variant";
        case PgnError::Kind::TooLarge: return "too-large";
        case PgnError::Kind::Inconsistent: return "inconsistent";
    }
    return "error";
}

struct PgnReader::Impl {
    Impl(std::istream& in, PgnReaderOptions o) : lines(in, o.max_game_bytes), options(std::move(o)) {}
    Impl(std::string_view text, PgnReaderOptions o) : lines(text, o.max_game_bytes), options(std::move(o)) {}

    LineSource lines;
    PgnReaderOptions options;
    std::size_t games = 0;
    bool have_line = false;  // `line` holds an unconsumed line (the first tag of the next game)
    std::string_view line;
    const char* readable = nullptr;  // `line` may be read (not used) up to here (see byte_scan.hpp)
    // `line` is the last line LineSource gave, a view into a text in memory (not held, not split):
    // the movetext's plain tokens may go on from it to the lines after it by themselves.
    bool line_in_text = false;
    std::string held;  // storage for a held line (the buffer may move)

    // Per game.
    PgnVisitor* visitor = nullptr;
    PgnVisitor::Wants wants;
    std::size_t mainline_plies = 0;
    PgnLocation loc;
    std::string fen_tag, variant_tag;
    bool setup_flag = false;
    bool moves_started = false, skipping = false, failed = false, finished = false;
    bool closed_by_marker = false;  // the game ended at its termination marker (not at a '[' or the end)
    std::size_t game_bytes = 0;
    struct Level {
        Position pos;
        Move last;
        Undo last_undo;
        bool has_last;
    };
    std::vector<Level> stack;
    Position pos;
    Move last;  // the last move played at this level, for a variation that replaces it
    Undo last_undo{};
    bool has_last = false;
    // A visitor that wants no moves never sees a position: the moves are played on the lean
    // board (pgn_board.hpp) while they are plain SAN, and `pos` catches up (leave_board) only
    // where the general parser, an error or a variation needs it.
    PgnBoard board;
    bool use_board = false;    // this game's visitor wants no moves
    bool on_board = false;     // the board was loaded from `pos` and plays the moves
    bool board_moved = false;  // ... and has played some: `pos` is behind it
    std::string comment;       // an open {comment} spanning lines
    std::string unescaped;     // a tag value with its escapes resolved
    bool in_comment = false;

    PgnLocation at(std::size_t column) const { return {lines.line_number(), column + 1, loc.game}; }
    // What the visitor asked to be told (PgnVisitor::wants), in one place.
    void tell_comment(std::string_view text) {
        if (wants.comments) visitor->comment(text);
    }
    void tell_nag(int n) {
        if (wants.moves) visitor->nag(n);
    }

    void fail(PgnError::Kind kind, std::size_t column, PgnError::Detail detail) {
        PgnError e;
        e.kind = kind;
        e.detail = detail;
        fail(std::move(e), column);
    }
    void fail(PgnError e, std::size_t column) {
        if (failed) return;
        failed = true;
        e.where = at(column);
        visitor->error(e);
    }

    bool read_game(PgnVisitor& v);
    bool next_line();
    bool split(std::string_view physical);
    std::string_view split_rest;  // with options.newline: what follows the marker on this line
    void parse_tag_lines(std::string_view l);
    bool next_tag_line(std::string_view& l, scan::TagMasks& masks);
    void parse_tags(std::string_view l);
    void tag(std::string_view name, std::string_view value);
    void tag_line(std::string_view l, const scan::PlainTag* plain);
    bool start_moves(std::size_t column);
    /// Returns false when the game ended on this line, or on one of the lines after it that it
    /// reads on with (next_plain_line), at a result token at depth 0.
    bool parse_movetext(std::string_view l, std::size_t base);
    std::size_t plain_movetext(std::string_view& l, std::size_t i);
    template <bool OverLines>
    std::size_t plain_tokens(std::string_view& l, std::size_t i);
    template <class First>
    bool next_line_if(std::string_view& l, First first);
    bool next_plain_line(std::string_view& l);
    void play(std::string_view token, std::size_t column);
    void played(Move m, std::string_view text, std::size_t column);
    bool quick_move(std::string_view word, std::size_t column);
    /// What a move played at this level leaves for the next: the last move, the main line's count.
    void note_move(Move m) {
        mainline_plies += stack.empty();
        last = m;
        has_last = true;
    }
    /// Brings `pos` up to the board's position and plays on `pos` from here on.
    void leave_board() {
        if (on_board && board_moved) pos = board.position();
        on_board = false;
    }

    // The position of the last FEN tag read: games in a row often start from the same one (an
    // opening played with both colours), and the answer is the same.
    std::string cached_fen;
    std::optional<Variant> cached_variant;
    std::expected<Position, PositionError> cached_position;
    const std::expected<Position, PositionError>& fen_position(std::optional<Variant> variant);
};

const std::expected<Position, PositionError>& PgnReader::Impl::fen_position(std::optional<Variant> variant) {
    if (cached_fen.empty() || cached_fen != fen_tag || cached_variant != variant) {
        ValidateOptions vo;
        vo.variant = variant;
        cached_position = position_from_fen(fen_tag, vo);
        cached_fen = fen_tag;
        cached_variant = variant;
    }
    return cached_position;
}

SCHACH_PGN_HOT bool PgnReader::Impl::next_line() {
    if (have_line) {
        have_line = false;
        line_in_text = false;
        line = held;
        readable = held.data() + held.size();
        return true;
    }
    if (!options.newline.empty() && split_rest.data() != nullptr) {
        // The rest of a physical line after a newline marker.
        readable = lines.readable_end();
        line_in_text = false;
        return split(split_rest);
    }
    if (!lines.next(line)) return false;
    readable = lines.readable_end();
    line_in_text = lines.in_memory() && options.newline.empty() && line.data() != nullptr;
    game_bytes += line.size() + 1;
    if (!options.newline.empty()) return split(line);
    return true;
}

bool PgnReader::Impl::split(std::string_view physical) {
    const std::size_t at = physical.find(options.newline);
    if (at == std::string_view::npos) {
        line = physical;
        split_rest = {};
    } else {
        line = physical.substr(0, at);
        split_rest = physical.substr(at + options.newline.size());
    }
    return true;
}

SCHACH_PGN_HOT void PgnReader::Impl::parse_tags(std::string_view l) {
    std::size_t i = 0;
    while (i < l.size()) {
        while (i < l.size() && is_space(l[i])) ++i;
        if (i >= l.size()) return;
        if (l[i] != '[') return fail(PgnError::Kind::Syntax, i, PgnError::Detail::ExpectedTag);
        ++i;
        while (i < l.size() && is_space(l[i])) ++i;
        const std::size_t name_start = i;
        i += scan::tag_name_end(l.data() + i, l.size() - i, readable);
        const std::string_view name = l.substr(name_start, i - name_start);
        while (i < l.size() && is_space(l[i])) ++i;
        if (i >= l.size() || l[i] != '"') return fail(PgnError::Kind::Syntax, i, PgnError::Detail::QuoteBeforeValue);
        ++i;
        // The value is a view into the line unless it holds escapes.
        const std::size_t value_start = i;
        bool escaped = false, closed = false;
        // Most values hold no backslash: then the first quote closes them.
        i += scan::find_either(l.data() + i, l.size() - i, '"', '\\', readable);
        if (i < l.size() && l[i] == '"') {
            closed = true;
        } else {
            for (i = value_start; i < l.size(); ++i) {
                if (l[i] == '\\' && i + 1 < l.size()) {
                    escaped = true;
                    ++i;
                } else if (l[i] == '"') {
                    closed = true;
                    break;
                }
            }
        }
        std::string_view value = l.substr(value_start, i - value_start);
        if (escaped) {
            unescaped.clear();
            for (std::size_t k = 0; k < value.size(); ++k) {
                if (value[k] == '\\' && k + 1 < value.size()) ++k;  // a lone final backslash stays
                unescaped += value[k];
            }
            value = unescaped;
        }
        if (closed) ++i;
        if (!closed) return fail(PgnError::Kind::Syntax, i, PgnError::Detail::TagValueEnd);
        while (i < l.size() && is_space(l[i])) ++i;
        if (i >= l.size() || l[i] != ']') return fail(PgnError::Kind::Syntax, i, PgnError::Detail::BracketAfterTag);
        ++i;
        if (name.empty()) return fail(PgnError::Kind::Syntax, name_start, PgnError::Detail::TagName);
        tag(name, value);
    }
}

/// A tag read: what the reader keeps of it, then the visitor.
SCHACH_PGN_HOT void PgnReader::Impl::tag(std::string_view name, std::string_view value) {
    if (name == "FEN") fen_tag.assign(value);
    else if (name == "Variant") variant_tag.assign(value);
    else if (name == "SetUp") setup_flag = value == "1";
    visitor->tag(name, value);
}

/// The tag line `l` and the tag lines that follow it at the line start, in one loop (a call a
/// line cost more than a short tag's work).
void PgnReader::Impl::parse_tag_lines(std::string_view l) {
    // Nearly every tag line is one tag in its plain form: read with a few vector compares (those
    // that found the line's end, when next_tag_line found it).
    scan::PlainTag t;
    tag_line(l, scan::plain_tag(l.data(), l.size(), readable, t) ? &t : nullptr);
    for (;;) {
        scan::TagMasks masks;
        if (next_tag_line(l, masks))
            tag_line(l, l.size() >= 6 && scan::plain_tag(l.data(), l.size(), masks, t) ? &t : nullptr);
        else if (next_line_if(l, [](char c) { return c == '['; }))
            tag_line(l, scan::plain_tag(l.data(), l.size(), readable, t) ? &t : nullptr);
        else return;
    }
}

/// One tag line: in its plain form (`plain`, as scan::plain_tag found it) or any other.
SCHACH_PGN_HOT void PgnReader::Impl::tag_line(std::string_view l, const scan::PlainTag* plain) {
    if (plain)
        tag(l.substr(1, plain->name_end - 1), l.substr(plain->name_end + 2, plain->value_end - plain->name_end - 2));
    else parse_tags(l);
}

/// The next line, when it is a tag line next_line_if would give and its newline lies within the 64
/// bytes that plain_tag's masks cover: found with those masks, which `masks` then holds. False
/// (nothing consumed) otherwise, also for a line that next_line_if does give.
SCHACH_PGN_HOT bool PgnReader::Impl::next_tag_line(std::string_view& l, scan::TagMasks& masks) {
#if defined(__SSE2__)
    if (!line_in_text || have_line) return false;
    const char* const s = lines.next_line_start();
    if (lines.text_end() - s < 64 || *s != '[') return false;
    masks = scan::tag_masks<true>(s);
    if (!masks.newlines) return false;
    const auto nl = static_cast<std::size_t>(std::countr_zero(masks.newlines));  // >= 1: s[0] is '['
    const std::size_t len = nl - (s[nl - 1] == '\r');
    // LineSource::next_plain's limits: the game's bytes, and a line this short is not overlong
    // unless the limit is below 64.
    if (game_bytes >= options.max_game_bytes || len + 1 > options.max_game_bytes - game_bytes ||
        nl >= options.max_game_bytes)
        return false;
    lines.began_line();
    lines.resume_at(s + nl + 1);
    game_bytes += len + 1;
    l = std::string_view(s, len);
    line = l;
    return true;
#else
    (void)l, (void)masks;
    return false;
#endif
}

bool PgnReader::Impl::start_moves(std::size_t column) {
    moves_started = true;
    on_board = false;
    const VariantTag variant = classify_variant(variant_tag);
    if (variant == VariantTag::Unsupported) {
        PgnError e;
        e.kind = PgnError::Kind::UnsupportedVariant;
        e.detail = PgnError::Detail::UnsupportedVariant;
        e.value = variant_tag;
        fail(std::move(e), column);
        skipping = true;
        return false;
    }
    if (!fen_tag.empty()) {
        const auto& p = fen_position(variant == VariantTag::Chess960 ? std::optional(Variant::Chess960) : std::nullopt);
        if (!p) {
            PgnError e;
            e.kind = PgnError::Kind::BadFen;
            e.detail = PgnError::Detail::FenTag;
            e.fen = p.error();
            fail(std::move(e), column);
            skipping = true;
            return false;
        }
        pos = *p;
    } else {
        pos = Position();
        if (variant == VariantTag::Chess960) pos.set_chess960(true);
    }
    has_last = false;
    stack.clear();
    if (!visitor->begin_moves(pos)) skipping = true;
    return !skipping;
}

void PgnReader::Impl::play(std::string_view token, std::size_t column) {
    if (skipping || failed) return;
    leave_board();
    // Split trailing !? annotations into a NAG.
    std::size_t end = token.size();
    while (end > 0 && (token[end - 1] == '!' || token[end - 1] == '?')) --end;
    const std::string_view suffix = token.substr(end);
    auto m = parse_san(pos, token.substr(0, end), options.san_mode);
    if (!m) {
        const auto& e = m.error();
        const PgnError::Kind kind = e.kind == MoveTextError::Kind::Ambiguous ? PgnError::Kind::AmbiguousMove
                                    : e.kind == MoveTextError::Kind::Illegal ? PgnError::Kind::IllegalMove
                                                                             : PgnError::Kind::Syntax;
        PgnError error;
        error.kind = kind;
        error.detail = PgnError::Detail::Move;
        error.move = e;
        error.position = pos;
        error.move_number = pos.fullmove_number();
        fail(std::move(error), column + e.offset);
        return;
    }
    played(*m, token.substr(0, end), column);
    if (int n = nag_of_suffix(suffix)) tell_nag(n);
}

void PgnReader::Impl::played(Move m, std::string_view text, std::size_t column) {
    if (wants.moves) visitor->move(pos, m, text, at(column));
    // Made in place: an assignment would copy the returned Undo once more, at every move.
    static_assert(std::is_trivially_destructible_v<Undo>);
    ::new (static_cast<void*>(&last_undo)) Undo(pos.do_move(m));
    note_move(m);
}

/// Plays a word of plain SAN when the quick path resolves it (parse_san_quick, or the lean board
/// for a visitor that wants no moves); false, with nothing played, otherwise.
SCHACH_PGN_HOT bool PgnReader::Impl::quick_move(std::string_view word, std::size_t column) {
    if (!use_board) {
        const Move m = parse_san_quick(pos, word);
        if (!m) return false;
        played(m, word, column);
        return true;
    }
    if (!on_board) {
        board.load(pos);
        on_board = true;
        board_moved = false;
    }
    const Move m = board.play_san(word);
    if (!m) return false;
    board_moved = true;
    note_move(m);
    return true;
}

/// The tokens of nearly every movetext, from `i` of line `l` on, in a game whose moves have started
/// and go on without error (lenient SAN): white space, plain SAN the quick parser resolves, comments
/// closed on their line, move numbers. Returns where it meets anything else (or the line's end), for
/// parse_movetext to take that token; it does just what parse_movetext would do with these. Where
/// `l` lies in a text in memory, it also goes on to the next line by itself when that is one
/// read_game would only hand on (LineSource::next_plain's test): `l` is then the line it stopped in.
SCHACH_PGN_HOT std::size_t PgnReader::Impl::plain_movetext(std::string_view& l, std::size_t i) {
    return line_in_text ? plain_tokens<true>(l, i) : plain_tokens<false>(l, i);
}

/// plain_movetext on one line, or (`OverLines`) from line to line of the text in memory: there the
/// bound is the text's end and a newline ends a line.
template <bool OverLines>
SCHACH_PGN_HOT std::size_t PgnReader::Impl::plain_tokens(std::string_view& l, std::size_t i) {
    const char* p = l.data();  // the current line's start: columns count from here
    const char* const end = OverLines ? lines.text_end() : p + l.size();
    std::size_t n = static_cast<std::size_t>(end - p);
    // Over lines, game_bytes counts the line it starts in (as next_line did), not the lines it
    // goes on to: those are counted at their ends.
    bool counted = true;
    // On the lean board (a visitor that wants no moves) the moves' bookkeeping stays here until the
    // loop stops (note_move's, for all of them at once): the board is loaded up front.
    const bool lean = use_board;
    if (lean && !on_board) {
        board.load(pos);
        on_board = true;
        board_moved = false;
    }
    std::size_t lean_plies = 0;
    Move lean_last = Move::none();
    const bool comments = wants.comments;
    while (i < n) {
        // The classes by how often they come (a space after a token is skipped with it).
        const std::uint8_t kind = byte_class(p[i]);
        if (kind & SanStart) {
            // On the lean board, the common shapes read forward in one go (16 bytes readable).
            if (lean && n - i >= 16) {
                plain_san::Pattern pattern;
                const std::size_t len = plain_san::read_forward(p + i, pattern,
                                                                [](char c) { return (byte_class(c) & WordStop) != 0; });
                if (len != 0) {
                    const Move m = board.play(pattern);
                    if (!m) break;
                    lean_last = m;
                    ++lean_plies;
                    const std::size_t j = i + len;
                    i = j + (p[j] == ' ');  // the space after a move, without another round
                    continue;
                }
            }
            // SAN is short: a byte at a time beats a vector's set-up here.
            std::size_t j = i + 1;
            while (j < n && !(byte_class(p[j]) & WordStop)) ++j;
            const std::string_view word(p + i, j - i);  // not empty: p[i] ends no word
            if (word.back() == '!' || word.back() == '?') break;
            if (lean) {
                const Move m = board.play_san(word);
                if (!m) break;
                lean_last = m;
                ++lean_plies;
            } else if (!quick_move(word, i)) {
                break;
            }
            i = j + (j < n && p[j] == ' ');  // the space after a move, without another round
            continue;
        }
        if (kind & Brace) {
            // Closed on its line: the first '}' before the line's end.
            const std::size_t close = i + 1 +
                                      (OverLines ? scan::find_either_to_end(p + i + 1, end, '}', '\n')
                                                 : scan::find_byte(p + i + 1, n - i - 1, '}', readable));
            if (close == n || (OverLines && p[close] != '}')) break;
            if (comments) visitor->comment(std::string_view(p + i + 1, close - i - 1));
            i = close + 1 + (close + 1 < n && p[close + 1] == ' ');  // and the space after it
            continue;
        }
        if (kind & Digit) {
            // after_move_number, with each bound tested once.
            std::size_t k = i + 1;
            while (k < n && (byte_class(p[k]) & Digit)) ++k;
            if (k == n || p[k] != '.') break;
            do ++k;
            while (k < n && p[k] == '.');
            i = k + (k < n && p[k] == ' ');  // and the space after it
            continue;
        }
        if (kind & Space) {
            ++i;
            continue;
        }
        if (OverLines && (kind & Newline)) {
            // The line ends at i (a '\r' before the newline is not part of it; the line is not
            // empty: it holds a token). On to the next line when read_game would only hand it on:
            // it starts with a plain token and the game's limit leaves room for all the text left
            // (so also for that line, which is then not overlong either); else the line is done.
            if (!counted) game_bytes += i - (p[i - 1] == '\r') + 1;
            counted = true;
            const char* next = p + i + 1;
            const auto left = static_cast<std::size_t>(end - next);
            if (left == 0 || !(byte_class(*next) & PlainLineStart) || game_bytes >= options.max_game_bytes ||
                left + 1 > options.max_game_bytes - game_bytes)
                break;
            lines.began_line();
            p = next;
            n = left;
            i = 0;
            counted = false;
            continue;
        }
        break;
    }
    if (lean_plies) {
        board_moved = true;
        last = lean_last;
        has_last = true;
        if (stack.empty()) mainline_plies += lean_plies;
    }
    if constexpr (OverLines) {
        // Stopped in the line at p: it ends at its newline (or the text's end); the next line to
        // read is the one after it.
        const char* const nl = i < n && p[i] == '\n' ? p + i : lines.newline_from(p + i);
        const auto len = static_cast<std::size_t>(nl - p) - (nl > p && nl[-1] == '\r');
        if (!counted) game_bytes += len + 1;
        lines.resume_at(nl == end ? end : nl + 1);
        l = std::string_view(p, len);
        return std::min(i, len);
    }
    return i;
}

/// The next line when it is an ordinary one (LineSource::next_plain) that starts with a byte
/// `first` accepts and read_game would do nothing with but hand on: then the caller goes on with
/// it without a round through read_game.
template <class First>
SCHACH_PGN_HOT bool PgnReader::Impl::next_line_if(std::string_view& l, First first) {
    if (have_line || !options.newline.empty()) return false;
    const std::size_t budget = game_bytes < options.max_game_bytes ? options.max_game_bytes - game_bytes : 0;
    if (!lines.next_plain(l, budget, first)) return false;
    game_bytes += l.size() + 1;
    line = l;
    readable = lines.readable_end();
    line_in_text = true;
    return true;
}

/// The next line, when it starts with a token plain_movetext takes (the movetext goes on).
SCHACH_PGN_HOT bool PgnReader::Impl::next_plain_line(std::string_view& l) {
    return next_line_if(l, [](char c) { return (byte_class(c) & PlainLineStart) != 0; });
}

bool PgnReader::Impl::parse_movetext(std::string_view l, std::size_t base) {
    std::size_t i = base;
    std::size_t n = l.size();
    if (in_comment) {  // a comment from an earlier line goes on here
        const std::size_t close = l.find('}', i);
        if (close == std::string_view::npos) {
            comment.append(l.substr(i));
            comment += '\n';
            return true;
        }
        comment.append(l.substr(i, close - i));
        in_comment = false;
        if (!skipping && !failed) tell_comment(comment);
        comment.clear();
        i = close + 1;
    }
    const bool quick_san = options.san_mode == ParseMode::Lenient;
    while (i < n) {
        if (quick_san && moves_started && !skipping && !failed) {
            i = plain_movetext(l, i);
            n = l.size();
            if (i == n) {
                if (!next_plain_line(l)) break;
                i = 0;
                n = l.size();
                continue;
            }
        }
        const char c = l[i];
        const std::uint8_t kind = byte_class(c);
        if (kind & Space) {
            ++i;
            continue;
        }
        if (!moves_started) start_moves(i);
        // The plain SAN of nearly every move: straight to the board. Anything else (annotations,
        // other notations, moves that need the legal move list, errors) goes through play().
        if ((kind & SanStart) && quick_san && !skipping && !failed) {
            const std::size_t j = i + scan::word_end(l.data() + i, n - i, readable);
            const std::string_view word = l.substr(i, j - i);
            if (word.back() != '!' && word.back() != '?') {
                if (quick_move(word, i)) {
                    i = j;
                    continue;
                }
            }
        }
        if (kind & Brace) {
            // A comment closed on the same line goes to the visitor as a view, without a copy.
            const std::size_t close = i + 1 + scan::find_byte(l.data() + i + 1, n - i - 1, '}', readable);
            if (close == n) {  // it goes on on the next line
                comment.assign(l.substr(i + 1));
                comment += '\n';
                in_comment = true;
                return true;
            }
            if (!skipping && !failed) tell_comment(l.substr(i + 1, close - i - 1));
            i = close + 1;
            continue;
        }
        // Move numbers ("12." "12..." and glued forms "12.e4") without looking for the word's end.
        if (kind & Digit) {
            if (const std::size_t k = after_move_number(l.data(), i, n); k != i) {
                i = k;
                continue;
            }
        }
        switch (c) {
            case ';': return true;  // rest-of-line comment
            case '(': {
                if (!skipping && !failed) {
                    if (!has_last) {
                        fail(PgnError::Kind::Syntax, i, PgnError::Detail::VariationWithoutMove);
                    } else {
                        if (on_board && board_moved) {
                            // The position before the last move, and the last move's undo on it.
                            pos = board.position_before_last();
                            ::new (static_cast<void*>(&last_undo)) Undo(pos.do_move(last));
                        }
                        on_board = false;
                        stack.push_back({pos, last, last_undo, has_last});
                        pos.undo_move(last, last_undo);
                        has_last = false;
                        if (wants.moves) visitor->begin_variation();
                    }
                }
                ++i;
                continue;
            }
            case ')': {
                if (!skipping && !failed) {
                    if (stack.empty()) {
                        fail(PgnError::Kind::Syntax, i, PgnError::Detail::CloseParenWithoutOpen);
                    } else {
                        on_board = false;
                        pos = stack.back().pos;
                        last = stack.back().last;
                        last_undo = stack.back().last_undo;
                        has_last = stack.back().has_last;
                        stack.pop_back();
                        if (wants.moves) visitor->end_variation();
                    }
                }
                ++i;
                continue;
            }
            case '}': {
                if (!skipping && !failed) fail(PgnError::Kind::Syntax, i, PgnError::Detail::CloseBraceWithoutOpen);
                ++i;
                continue;
            }
            case '$': {
                std::size_t j = i + 1;
                int value = 0;
                while (j < n && l[j] >= '0' && l[j] <= '9' && value < 1000) value = value * 10 + (l[j++] - '0');
                if (j == i + 1) fail(PgnError::Kind::Syntax, i, PgnError::Detail::NumberAfterNag);
                else if (!skipping && !failed) tell_nag(value);
                i = j;
                continue;
            }
            default: break;
        }
        // A word: up to whitespace or a delimiter.
        const std::size_t j = i + scan::word_end(l.data() + i, n - i, readable);
        const std::string_view word = l.substr(i, j - i);
        // Annotations written apart from their move: "exd6 e.p.", "c5 !?".
        if (c == 'e' && (word == "e.p." || word == "ep")) {
            i = j;
            continue;
        }
        if ((c == '!' || c == '?') && word.find_first_not_of("!?") == std::string_view::npos) {
            if (int nag = nag_of_suffix(word); nag && !skipping && !failed && has_last) tell_nag(nag);
            i = j;
            continue;
        }
        const bool maybe_result = c == '1' || c == '0' || c == '*' || c == '\xC2';
        if (maybe_result && (word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*" || word == "½-½")) {
            // A result ends the game, also inside a variation (an error there): the next game
            // starts after it whatever went wrong before, in strict and lenient mode alike.
            if (!stack.empty() && !skipping && !failed)
                fail(PgnError::Kind::Syntax, i, PgnError::Detail::ResultInVariation);
            if (!skipping && !failed) visitor->result(word == "½-½" ? "1/2-1/2" : word);
            // Another game may follow on the same line ("1. c4 * 1. Nf3 *"): keep the rest.
            const std::string_view rest = l.substr(j);
            if (rest.find_first_not_of(" \t\r") != std::string_view::npos) {
                held.assign(rest);
                have_line = true;
            }
            return false;
        }
        if (c == '.') {  // "..." standing alone
            i = j;
            continue;
        }
        play(word, i);
        i = j;
    }
    return true;
}

bool PgnReader::Impl::read_game(PgnVisitor& v) {
    visitor = &v;
    fen_tag.clear();
    variant_tag.clear();
    setup_flag = moves_started = skipping = failed = in_comment = false;
    comment.clear();
    game_bytes = 0;
    stack.clear();

    // Skip blank lines and escape lines up to the first line of the game.
    for (;;) {
        if (!next_line()) return false;
        std::size_t i = 0;
        while (i < line.size() && is_space(line[i])) ++i;
        if (i == line.size() || line[0] == '%') continue;
        break;
    }
    loc = {lines.line_number(), 1, ++games};
    closed_by_marker = false;
    wants = v.wants();
    use_board = !wants.moves;
    on_board = false;
    mainline_plies = 0;
    v.begin_game(loc);

    bool in_tags = true;
    for (bool first = true;; first = false) {
        if (!first && !next_line()) break;
        if (game_bytes > options.max_game_bytes || lines.overlong()) {
            fail(PgnError::Kind::TooLarge, 0, PgnError::Detail::TooLarge);
            skipping = true;
            if (lines.overlong()) {  // the dropped line belonged to this game's movetext
                in_tags = false;
                in_comment = false;
                continue;
            }
        }
        if (!line.empty() && line[0] == '%' && !in_comment) continue;
        std::size_t i = 0;
        while (i < line.size() && is_space(line[i])) ++i;
        if (i == line.size()) {
            if (!in_tags || moves_started) {
                if (in_comment) comment += '\n';
            }
            continue;
        }
        if (line[i] == '[' && !in_comment) {
            if (in_tags) {
                parse_tag_lines(line.substr(i));
                continue;
            }
            // A new game starts without a result token for this one.
            held.assign(line);
            have_line = true;
            break;
        }
        in_tags = false;
        if (!parse_movetext(line, i)) {
            closed_by_marker = true;
            break;
        }
    }
    if (in_comment && !failed) fail(PgnError::Kind::Syntax, 0, PgnError::Detail::CommentNotClosed);
    if (!moves_started && !failed) start_moves(0);
    if (!stack.empty() && !failed) fail(PgnError::Kind::Syntax, 0, PgnError::Detail::VariationNotClosed);
    if (!failed) v.end_moves(mainline_plies);
    v.end_game();
    return true;
}

namespace {

/// Whether the line that ends just before `end` (at a '\n') ends in a termination marker.
bool line_ends_in_marker(std::string_view text, std::size_t end) {
    while (end > 0 && (is_space(text[end - 1]))) --end;
    const std::string_view head = text.substr(0, end);
    for (std::string_view marker : {"1-0", "0-1", "1/2-1/2", "*"}) {
        if (head.ends_with(marker)) {
            const std::size_t before = end - marker.size();
            return before == 0 || is_space(text[before - 1]) || text[before - 1] == '\n';
        }
    }
    return false;
}

}  // namespace

std::size_t find_pgn_cut(std::string_view text, std::size_t from) {
    // "\n\n[": a blank line, then a tag line; the cut goes before the '['.
    for (std::size_t at = from; (at = text.find("\n\n[", at)) != std::string_view::npos; at += 2)
        if (line_ends_in_marker(text, at)) return at + 2;  // `at`: the '\n' ending the line before
    return std::string_view::npos;
}

std::vector<std::string_view> split_pgn_text(std::string_view text, std::size_t parts) {
    std::vector<std::string_view> pieces;
    std::size_t start = 0;
    for (std::size_t k = 1; k < parts && start < text.size(); ++k) {
        const std::size_t cut = find_pgn_cut(text, std::max(start, text.size() / parts * k));
        if (cut == std::string_view::npos) break;
        pieces.push_back(text.substr(start, cut - start));
        start = cut;
    }
    pieces.push_back(text.substr(start));
    return pieces;
}

PgnReader::PgnReader(std::istream& in, PgnReaderOptions options) : impl_(std::make_unique<Impl>(in, options)) {}
PgnReader::PgnReader(std::string_view text, PgnReaderOptions options) : impl_(std::make_unique<Impl>(text, options)) {}
PgnReader::~PgnReader() = default;
bool PgnReader::read_game(PgnVisitor& visitor) { return impl_->read_game(visitor); }
std::size_t PgnReader::read_all(PgnVisitor& visitor) {
    std::size_t n = 0;
    while (read_game(visitor)) ++n;
    return n;
}
std::size_t PgnReader::games_read() const { return impl_->games; }
std::size_t PgnReader::lines_read() const { return impl_->lines.line_number(); }
bool PgnReader::ended_at_marker() const { return impl_->closed_by_marker && !impl_->have_line; }

}  // namespace schach
