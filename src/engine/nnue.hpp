#pragma once
// The evaluation network (NNUE): (768 -> HiddenSize) x 2 -> 1 with SCReLU, the output layer
// chosen among up to eight by the number of men on the board (output buckets).
//
// Inputs: 768 = 2 colours (own, theirs) x 6 piece types x 64 squares, seen from each side (Black's
// view mirrors the ranks). Each side's hidden layer, the accumulator, is the sum of the rows of
// its active inputs plus a bias: int16, quantised by QA. Adding or removing a piece adds or
// subtracts one row, so the search keeps the accumulators up to date move by move instead of
// summing ~30 rows at every node. The output is the dot product of SCReLU(side to move's
// accumulator) and SCReLU(the other's) with the output weights (quantised by QB), plus a bias,
// scaled to centipawns. A network may have several output layers, one for each range of the
// number of men on the board (output_bucket): the opening and the endgame weigh the same hidden
// features differently; the accumulators stay the same.
//
// Horizontal king mirroring (a network's `king_mirror`): each side sees the board mirrored left
// to right (files a and h swapped) while its own king stands on files e to h, so the inputs of
// a position and of its mirror image are the same and the net learns one half of the king's
// squares instead of both. A king move between the halves changes every input of its side: that
// side's accumulator is summed anew (refresh_after); all other moves stay incremental.
//
// A network file: the magic "SCHNNUE2", the hidden size (u32), the output buckets B (u32), then
// int16 little-endian arrays: input weights [768][H], input bias [H], output weights [B][2H],
// and the output biases [B] as int32. "SCHNNUE3" adds a u32 of flags after B (bit 0: king
// mirroring) and is written only for a net with a flag set. The first format, "SCHNNUE1", has
// no B (one bucket) and is still read.
// Written by `schach train` (train/trainer.hpp); the engine's own net is built into the binary.

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"

namespace schach::engine::nnue {

inline constexpr int InputSize = 768;
inline constexpr int HiddenSize = 256;
inline constexpr int QA = 255;
inline constexpr int QB = 64;
/// Centipawns per unit of the network's (unsquashed) output: targets were sigmoid(cp / Scale).
inline constexpr int Scale = 400;
/// The largest |weight| of the output layer in float: QA x (QB x 1.98) fits an int16, so the
/// squared activation times the weight can be summed with madd_epi16.
inline constexpr float OutputWeightClip = 1.98f;
inline constexpr std::array<char, 8> NetMagic = {'S', 'C', 'H', 'N', 'N', 'U', 'E', '2'};
inline constexpr std::array<char, 8> NetMagicV1 = {'S', 'C', 'H', 'N', 'N', 'U', 'E', '1'};
inline constexpr std::array<char, 8> NetMagicV3 = {'S', 'C', 'H', 'N', 'N', 'U', 'E', '3'};
/// The flags of a "SCHNNUE3" file.
inline constexpr std::uint32_t FlagKingMirror = 1;
inline constexpr int MaxOutputBuckets = 8;

/// The output layer for a board with `men` men (2..32) among `buckets` (1..MaxOutputBuckets):
/// equal ranges of 2..32 (eight buckets: 2-5, 6-9, ..., 30-32 men).
constexpr int output_bucket(int men, int buckets) {
    const int b = (men - 2) * buckets / 31;
    return b < 0 ? 0 : (b >= buckets ? buckets - 1 : b);
}

/// The input of `piece` on `sq` seen from `perspective`; `flip`: that side sees the board
/// mirrored left to right (its king on files e to h, with king mirroring). The square is the
/// index's low 6 bits and its file the low 3, so both mirrors are an exclusive-or.
constexpr int feature_index(Color perspective, Piece piece, Square sq, bool flip = false) {
    const int own = color_of(piece) == perspective ? 0 : 1;
    const int s = (perspective == Color::White ? idx(sq) : idx(sq) ^ 56) ^ (flip ? 7 : 0);
    return own * 384 + idx(type_of(piece)) * 64 + s;
}

/// With king mirroring, whether a side whose king stands on `king` sees the board mirrored.
constexpr bool mirrored_half(Square king) { return (idx(king) & 7) >= 4; }

struct Network {
    alignas(64) std::array<std::int16_t, InputSize * HiddenSize> input_weights{};
    alignas(64) std::array<std::int16_t, HiddenSize> input_bias{};
    alignas(64) std::array<std::int16_t, MaxOutputBuckets * 2 * HiddenSize> output_weights{};
    std::array<std::int32_t, MaxOutputBuckets> output_bias{};
    int output_buckets = 1;
    bool king_mirror = false;

    /// Whether a side whose king stands on `king` sees the board mirrored.
    bool flips(Square king) const { return king_mirror && mirrored_half(king); }
    /// Whether `perspective` sees the board mirrored in `pos`.
    bool flipped(const Position& pos, Color perspective) const { return flips(pos.king(perspective)); }

    /// Bucket b's output weights: side to move's half, then the other's (2 x HiddenSize).
    const std::int16_t* bucket_weights(int b) const {
        return output_weights.data() + static_cast<std::size_t>(b) * 2 * HiddenSize;
    }
};

enum class NetError : std::uint8_t { CannotRead, BadMagic, WrongHiddenSize, Truncated, BadOutputBuckets, UnknownFlags };

/// Reads a network file's bytes.
std::expected<std::unique_ptr<Network>, NetError> read_network(std::span<const std::uint8_t> bytes);
/// Reads the network file at `path` (CannotRead when it cannot be opened).
std::expected<std::unique_ptr<Network>, NetError> read_network_file(const std::string& path);
/// What a NetError says (English, for the UCI log): "cannot be read", ...
std::string_view net_error_text(NetError e);
/// The bytes of a network file.
std::vector<std::uint8_t> write_network(const Network& net);
/// The head of a network file of `hidden` x `buckets`: the second format's, or the third's with its
/// flags when a flag is set (so that engines of before the flags read every other net). The
/// trainer writes its nets of any width after it.
std::vector<std::uint8_t> file_header(std::uint32_t hidden, std::uint32_t buckets, bool king_mirror);

/// The network built into the program (nullptr when it was built without one).
const Network* embedded_network();

/// One side's hidden layer, per perspective (indexed by Color), and whether that side sees the
/// board mirrored (king mirroring).
struct alignas(64) Accumulator {
    std::array<std::array<std::int16_t, HiddenSize>, 2> values;
    std::array<bool, 2> flipped{};
};

/// Sums the rows of every piece on the board: what incremental updates must equal.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
/// `acc` = `from` with the rows `add` added and `sub` subtracted, both perspectives.
struct FeatureDelta {
    std::array<std::pair<Piece, Square>, 2> add{};
    std::array<std::pair<Piece, Square>, 2> sub{};
    int adds = 0, subs = 0;
    /// The mover's king changed halves (files a-d, e-h): with king mirroring, the mover's
    /// accumulator cannot be updated but must be summed anew (refresh_after).
    bool king_crossed = false;
};
/// The change that playing `m` in `pos` makes to the inputs (a null move changes nothing).
FeatureDelta delta_of(const Position& pos, Move m);
/// Applies `d` to `from`'s accumulator of `persp` (which keeps its mirroring) into `to`.
void apply(const Network& net, const Accumulator& from, const FeatureDelta& d, Accumulator& to, Color persp);
/// Both perspectives (a move that needs no refresh_after).
void apply(const Network& net, const Accumulator& from, const FeatureDelta& d, Accumulator& to);
/// `persp`'s accumulator of the position after the move of `d` in `pos` (pos before the move),
/// summed from scratch.
void refresh_after(const Network& net, const Position& pos, const FeatureDelta& d, Accumulator& to, Color persp);
/// The network's output in centipawns from the side to move's view, with `men` men on the board.
int output(const Network& net, const Accumulator& acc, Color side_to_move, int men);
/// The same computed plainly in int64 from the board, for tests of the fast path.
int reference_output(const Network& net, const Position& pos);

}  // namespace schach::engine::nnue
