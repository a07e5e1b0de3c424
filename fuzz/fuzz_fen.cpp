// libFuzzer target: arbitrary bytes as FEN text.
//
// Nothing may crash or trip ASan/UBSan; errors must point inside the text. Every Position that
// comes out (strict, fully relaxed, and each variant setting) must
//   - be internally consistent (Position::is_consistent),
//   - survive to_fen -> position_from_fen -> to_fen unchanged, in X-FEN and Shredder-FEN, and
//     come back as the same position (placement, side, castling rooks, e.p., clocks),
//   - generate moves that is_legal accepts, that count_legal counts, that do_move/undo_move
//     restore exactly, and whose depth-2 perft equals the sum over the moves.
// A violation prints what went wrong and aborts, which libFuzzer reports as a crash.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "text/text.hpp"

namespace {

using namespace schach;

[[noreturn]] void fail(const char* what, std::string_view input, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz_fen: %s%s%s\n  input: '%.*s'\n", what, detail.empty() ? "" : ": ", detail.c_str(),
                 static_cast<int>(input.size()), input.data());
    std::abort();
}

void check_round_trip(const Position& pos, ValidateOptions options, FenFormat format, std::string_view input) {
    const std::string fen1 = to_fen(pos, format);
    auto again = position_from_fen(fen1, options);
    if (!again)
        fail("to_fen output does not parse back", input, fen1 + " -> " + describe(again.error(), Language::English));
    const std::string fen2 = to_fen(*again, format);
    if (fen2 != fen1) fail("to_fen -> parse -> to_fen changed the text", input, fen1 + " -> " + fen2);
    if (!again->same_position(pos) || again->halfmove_clock() != pos.halfmove_clock() ||
        again->fullmove_number() != pos.fullmove_number() || again->key() != pos.key())
        fail("FEN round trip gave a different position", input, fen1);
}

void check_moves(Position& pos, std::string_view input) {
    const Position before = pos;
    const MoveList moves = legal_moves(pos);
    if (static_cast<int>(moves.size()) != count_legal(pos))
        fail("count_legal differs from generate_legal", input, to_fen(pos));
    std::uint64_t leaves = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        if (!pos.is_legal(m)) fail("generated move rejected by is_legal", input, to_uci(m, true));
        for (std::size_t j = 0; j < i; ++j)
            if (moves[j] == m) fail("move generated twice", input, to_uci(m, true));
        const Undo u = pos.do_move(m);
        if (!pos.is_consistent()) fail("inconsistent after do_move", input, to_uci(m, true));
        if (pos.attacked_by(pos.side_to_move(), pos.king(~pos.side_to_move())))
            fail("generated move leaves own king in check", input, to_uci(m, true));
        leaves += static_cast<std::uint64_t>(count_legal(pos));
        pos.undo_move(m, u);
        if (!(pos == before)) fail("undo_move did not restore the position", input, to_uci(m, true));
    }
    if (perft(pos, 2) != leaves) fail("perft(2) differs from the sum over the moves", input, to_fen(pos));
    if (!(pos == before)) fail("perft changed the position", input);
}

void check_position(Position& pos, ValidateOptions options, std::string_view input) {
    if (!pos.is_consistent()) fail("position from FEN is inconsistent", input);
    check_round_trip(pos, options, FenFormat::XFen, input);
    check_round_trip(pos, options, FenFormat::Shredder, input);
    check_round_trip(pos, options, FenFormat::Fen, input);
    check_moves(pos, input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;  // longer texts only repeat what shorter ones test; keep runs fast
    const std::string_view input(reinterpret_cast<const char*>(data), size);

    auto setup = parse_fen(input);
    if (!setup) {
        if (setup.error().offset > input.size()) fail("FenError offset beyond the text", input);
        (void)describe(setup.error(), Language::English);
    }

    static constexpr ValidateOptions Options[] = {
        {Problems{}, std::nullopt},
        {Problems::all(), std::nullopt},
        {Problems{}, Variant::Standard},
        {Problems::all(), Variant::Chess960},
    };
    for (const ValidateOptions& options : Options) {
        auto pos = position_from_fen(input, options);
        if (!pos) {
            const PositionError& e = pos.error();
            if (e.is_syntax != !setup) fail("position_from_fen and parse_fen disagree on syntax", input);
            if (!e.is_syntax && e.problems.empty()) fail("rejected without naming a problem", input);
            (void)describe(e, Language::English);
            continue;
        }
        if (!setup) fail("position_from_fen accepted what parse_fen rejected", input);
        check_position(*pos, options, input);
    }
    return 0;
}
