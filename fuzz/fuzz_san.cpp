// libFuzzer target: arbitrary text as a move in SAN (and, leniently, LAN/UCI) in a reachable position.
//
// Input layout:
//   byte 0      start: < 0x80 the classical start (Position()); otherwise, with byte 1, the
//               Chess960 start position ((b0 & 0x7F) << 8 | b1) % 960 (byte 1 is then consumed).
//   next byte   k = the number of plies to play from there (0..255, capped by the input)
//   k bytes     each picks the legal move b % (number of legal moves); stops early at mate/stalemate
//   the rest    the move text (at most MaxText bytes), given to parse_san in both modes.
//
// Checks (a violation prints the position and the text and aborts, which libFuzzer reports):
//   - parse_san never crashes; a move it returns is legal (is_legal, and among generate_legal),
//     or Move::null() when not in check;
//   - to_san of that move, in English, German and gender-neutral German, parses back strictly to
//     the same move; to_lan (all languages) and to_uci parse back leniently to it;
//   - what strict mode accepts, lenient mode accepts as the same move;
//   - every error has a non-empty message in all three languages, a syntax error's offset lies
//     within the text, an illegal move names a rule (refusal code not None), an ambiguous move
//     lists at least two candidates, all legal;
//   - independent of the text, once per position: every legal move of the position written by
//     to_san (three languages) parses back strictly, and by to_lan/to_uci leniently, to itself.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unordered_set>

#include "core/chess960.hpp"
#include "core/explain.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "notation/notation.hpp"
#include "text/text.hpp"

namespace {

using namespace schach;

constexpr std::size_t MaxText = 256;  // SAN is short; longer texts only exercise the same syntax paths
constexpr Language Languages[] = {Language::English, Language::German, Language::GermanNeutral};

struct Context {
    const Position& pos;
    std::string_view text;
    std::string start;  // "classical" or "chess960 #N"
    std::string moves;  // the plies played from the start, UCI

    [[noreturn]] void fail(const std::string& what) const {
        std::fprintf(stderr, "fuzz_san: %s\n  start: %s\n  moves: %s\n  now:   %s\n  input: '%.*s'\n", what.c_str(),
                     start.c_str(), moves.c_str(), to_fen(pos, FenFormat::Shredder).c_str(),
                     static_cast<int>(text.size()), text.data());
        std::abort();
    }
};

const char* mode_name(ParseMode mode) { return mode == ParseMode::Strict ? "strict" : "lenient"; }

std::string describe_move(const Position& pos, Move m) {
    return to_uci(pos, m) + " (bits " + std::to_string(m.bits()) + ")";
}

/// A move written by us must read back as itself.
void check_reads_back(const Context& ctx, Move m, std::string_view written, ParseMode mode, const char* how) {
    auto back = parse_san(ctx.pos, written, mode);
    if (!back)
        ctx.fail(std::string(how) + " '" + std::string(written) + "' of " + describe_move(ctx.pos, m) +
                 " does not parse back (" + mode_name(mode) +
                 "): " + describe(back.error(), ctx.pos, Language::English));
    if (*back != m)
        ctx.fail(std::string(how) + " '" + std::string(written) + "' of " + describe_move(ctx.pos, m) +
                 " parses back (" + mode_name(mode) + ") as another move: " + describe_move(ctx.pos, *back));
}

void check_round_trips(const Context& ctx, Move m) {
    for (Language lang : Languages) {
        check_reads_back(ctx, m, to_san(ctx.pos, m, lang), ParseMode::Strict, "to_san");
        check_reads_back(ctx, m, to_san(ctx.pos, m, lang), ParseMode::Lenient, "to_san");
        if (m != Move::null()) check_reads_back(ctx, m, to_lan(ctx.pos, m, lang), ParseMode::Lenient, "to_lan");
    }
    if (m != Move::null()) check_reads_back(ctx, m, to_uci(ctx.pos, m), ParseMode::Lenient, "to_uci");
}

void check_error(const Context& ctx, const MoveTextError& e, ParseMode mode) {
    const std::string where = std::string(" (") + mode_name(mode) + ")";
    for (Language lang : Languages)
        if (describe(e, ctx.pos, lang).empty()) ctx.fail("empty error message" + where);
    switch (e.kind) {
        case MoveTextError::Kind::Syntax:
            if (e.offset > ctx.text.size())
                ctx.fail("syntax error offset " + std::to_string(e.offset) + " beyond the text" + where);
            break;
        case MoveTextError::Kind::Illegal:
            if (e.refusal.code == RefusalCode::None)
                ctx.fail("illegal-move error without a rule (refusal code None): " +
                         describe(e, ctx.pos, Language::English) + where);
            break;
        case MoveTextError::Kind::Ambiguous:
            if (e.candidates.size() < 2)
                ctx.fail("ambiguous-move error with " + std::to_string(e.candidates.size()) + " candidates" + where);
            for (Move c : e.candidates)
                if (!ctx.pos.is_legal(c))
                    ctx.fail("ambiguous-move candidate not legal: " + describe_move(ctx.pos, c) + where);
            break;
    }
}

/// Returns the move parse_san gave, or Move::none() on error.
Move check_parse(const Context& ctx, const MoveList& legal, ParseMode mode) {
    auto r = parse_san(ctx.pos, ctx.text, mode);
    if (!r) {
        check_error(ctx, r.error(), mode);
        return Move::none();
    }
    const Move m = *r;
    if (m == Move::none()) ctx.fail(std::string("parse_san returned Move::none() (") + mode_name(mode) + ")");
    if (m == Move::null()) {
        if (ctx.pos.in_check()) ctx.fail(std::string("null move accepted in check (") + mode_name(mode) + ")");
    } else {
        if (!ctx.pos.is_legal(m))
            ctx.fail(std::string("parse_san returned a move is_legal rejects (") + mode_name(mode) +
                     "): " + describe_move(ctx.pos, m));
        if (!legal.contains(m))
            ctx.fail(std::string("parse_san returned a move generate_legal does not produce (") + mode_name(mode) +
                     "): " + describe_move(ctx.pos, m));
    }
    check_round_trips(ctx, m);
    return m;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::size_t i = 0;
    if (size < 2) return 0;
    Position pos;
    std::string start_name = "classical", played;
    if (data[i++] >= 0x80) {
        const int number = (((data[0] & 0x7F) << 8) | data[1]) % Chess960Count;
        ++i;
        auto start = chess960_position(number);
        if (!start) {
            std::fprintf(stderr, "fuzz_san: chess960_position(%d) failed: %s\n", number,
                         describe(start.error(), Language::English).c_str());
            std::abort();
        }
        pos = *start;
        start_name = "chess960 #" + std::to_string(number);
    }
    if (i >= size) return 0;
    std::size_t plies = data[i++];
    for (; plies > 0 && i < size; --plies) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        const Move m = moves[data[i++] % moves.size()];
        played += to_uci(pos, m) + ' ';
        pos.do_move(m);
    }
    const std::size_t len = std::min(size - i, MaxText);
    const std::string text(reinterpret_cast<const char*>(data + i), len);  // own copy: ASan sees overreads

    const Context ctx{pos, text, start_name, played};
    const MoveList legal = legal_moves(pos);

    const Move strict = check_parse(ctx, legal, ParseMode::Strict);
    const Move lenient = check_parse(ctx, legal, ParseMode::Lenient);
    if (strict && strict != lenient)
        ctx.fail("strict mode accepts a text lenient mode " +
                 (lenient ? "reads as another move: " + describe_move(pos, lenient) : std::string("rejects")) +
                 " (strict: " + describe_move(pos, strict) + ")");

    // Independent of the text: every legal move's written forms read back as the move. Once per
    // position (mutations mostly change the text); a failure still reproduces on its own input.
    static std::unordered_set<Key> checked;
    if (checked.size() > (1u << 20)) checked.clear();
    if (checked.insert(pos.key() ^ (pos.is_chess960() ? 0x9600960ull : 0)).second) {
        for (Move m : legal) check_round_trips(ctx, m);
        if (!pos.in_check()) check_round_trips(ctx, Move::null());
    }
    return 0;
}
