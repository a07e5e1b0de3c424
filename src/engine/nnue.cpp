#include "engine/nnue.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace schach::engine::nnue {

namespace {

std::int16_t get16(const std::uint8_t* p) { return static_cast<std::int16_t>(p[0] | (p[1] << 8)); }
std::uint32_t get32(const std::uint8_t* p) {
    return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}
void put16(std::vector<std::uint8_t>& out, std::int16_t v) {
    const auto u = static_cast<std::uint16_t>(v);
    out.push_back(static_cast<std::uint8_t>(u & 0xFF));
    out.push_back(static_cast<std::uint8_t>(u >> 8));
}

const std::int16_t* row(const Network& net, int feature) {
    return net.input_weights.data() + static_cast<std::size_t>(feature) * HiddenSize;
}

}  // namespace

std::expected<std::unique_ptr<Network>, NetError> read_network_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected(NetError::CannotRead);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return read_network(bytes);
}

std::string_view net_error_text(NetError e) {
    switch (e) {
        case NetError::CannotRead: return "cannot be read";
        case NetError::BadMagic: return "is not a network of schach train";
        case NetError::WrongHiddenSize: return "has a hidden layer of another width than this engine's";
        case NetError::Truncated: return "is cut short";
        case NetError::BadOutputBuckets: return "has a number of output buckets other than 1 to 8";
        case NetError::UnknownFlags: return "uses a feature this engine does not know";
    }
    return "is not a network";
}

std::expected<std::unique_ptr<Network>, NetError> read_network(std::span<const std::uint8_t> bytes) {
    const auto is = [&bytes](const std::array<char, 8>& magic) {
        return bytes.size() >= magic.size() && std::equal(magic.begin(), magic.end(), bytes.begin());
    };
    const bool v3 = is(NetMagicV3), v2 = is(NetMagic), v1 = is(NetMagicV1);
    if (!v1 && !v2 && !v3) return std::unexpected(NetError::BadMagic);
    if (bytes.size() < (v3 ? 20u : (v2 ? 16u : 12u))) return std::unexpected(NetError::Truncated);
    if (get32(bytes.data() + 8) != HiddenSize) return std::unexpected(NetError::WrongHiddenSize);
    const std::uint32_t buckets = v1 ? 1 : get32(bytes.data() + 12);
    if (buckets < 1 || buckets > MaxOutputBuckets) return std::unexpected(NetError::BadOutputBuckets);
    const std::uint32_t flags = v3 ? get32(bytes.data() + 16) : 0;
    if ((flags & ~FlagKingMirror) != 0) return std::unexpected(NetError::UnknownFlags);
    const std::size_t head = v3 ? 20 : (v2 ? 16 : 12);
    const std::size_t need = head + 2 * (InputSize * HiddenSize + HiddenSize + buckets * 2 * HiddenSize) +
                             4 * static_cast<std::size_t>(buckets);
    if (bytes.size() < need) return std::unexpected(NetError::Truncated);
    auto net = std::make_unique<Network>();
    net->output_buckets = static_cast<int>(buckets);
    net->king_mirror = (flags & FlagKingMirror) != 0;
    const std::uint8_t* p = bytes.data() + head;
    for (auto& w : net->input_weights) w = get16(p), p += 2;
    for (auto& w : net->input_bias) w = get16(p), p += 2;
    for (std::size_t i = 0; i < buckets * 2 * HiddenSize; ++i) net->output_weights[i] = get16(p), p += 2;
    for (std::size_t b = 0; b < buckets; ++b, p += 4) net->output_bias[b] = static_cast<std::int32_t>(get32(p));
    return net;
}

namespace {

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>((v >> (8 * i)) & 0xFF));
}

}  // namespace

std::vector<std::uint8_t> file_header(std::uint32_t hidden, std::uint32_t buckets, bool king_mirror) {
    const std::uint32_t flags = king_mirror ? FlagKingMirror : 0;
    const auto& magic = flags != 0 ? NetMagicV3 : NetMagic;
    std::vector<std::uint8_t> out(magic.begin(), magic.end());
    put32(out, hidden);
    put32(out, buckets);
    if (flags != 0) put32(out, flags);
    return out;
}

std::vector<std::uint8_t> write_network(const Network& net) {
    std::vector<std::uint8_t> out = file_header(HiddenSize, static_cast<std::uint32_t>(net.output_buckets),
                                                net.king_mirror);
    for (auto w : net.input_weights) put16(out, w);
    for (auto w : net.input_bias) put16(out, w);
    for (std::size_t i = 0; i < static_cast<std::size_t>(net.output_buckets) * 2 * HiddenSize; ++i)
        put16(out, net.output_weights[i]);
    for (int b = 0; b < net.output_buckets; ++b)
        put32(out, static_cast<std::uint32_t>(net.output_bias[static_cast<std::size_t>(b)]));
    return out;
}

namespace {

void add_row(std::array<std::int16_t, HiddenSize>& v, const std::int16_t* r) {
    for (int i = 0; i < HiddenSize; ++i) v[i] = static_cast<std::int16_t>(v[i] + r[i]);
}

/// `persp`'s accumulator summed from scratch: the bias and the rows of the pieces of `pos`, less
/// those `d` takes away and with those it places (the position after its move), mirrored by `flip`.
void sum_rows(const Network& net, const Position& pos, const FeatureDelta& d, Color persp, bool flip, Accumulator& to) {
    auto& v = to.values[idx(persp)];
    to.flipped[idx(persp)] = flip;
    std::copy(net.input_bias.begin(), net.input_bias.end(), v.begin());
    for (Square s : squares(pos.pieces())) {
        const Piece p = pos.piece_on(s);
        const auto removed = [&](int k) { return d.sub[k].first == p && d.sub[k].second == s; };
        if ((d.subs > 0 && removed(0)) || (d.subs > 1 && removed(1))) continue;
        add_row(v, row(net, feature_index(persp, p, s, flip)));
    }
    for (int k = 0; k < d.adds; ++k) add_row(v, row(net, feature_index(persp, d.add[k].first, d.add[k].second, flip)));
}

}  // namespace

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color persp : Colors) sum_rows(net, pos, FeatureDelta{}, persp, net.flipped(pos, persp), acc);
}

void refresh_after(const Network& net, const Position& pos, const FeatureDelta& d, Accumulator& to, Color persp) {
    // The king's square after the move: among the pieces placed (a king move always places it).
    Square king = pos.king(persp);
    for (int k = 0; k < d.adds; ++k)
        if (d.add[k].first == make_piece(persp, PieceType::King)) king = d.add[k].second;
    sum_rows(net, pos, d, persp, net.flips(king), to);
}

FeatureDelta delta_of(const Position& pos, Move m) {
    FeatureDelta d;
    if (m == Move::null()) return d;
    const Color us = pos.side_to_move();
    const Piece moved = pos.piece_on(m.from());
    switch (m.kind()) {
        case MoveKind::Castling: {
            const CastlingSide side = pos.castling_side(m);
            const Piece rook = pos.piece_on(m.to());
            d.sub[d.subs++] = {moved, m.from()};
            d.sub[d.subs++] = {rook, m.to()};
            d.add[d.adds++] = {moved, Position::king_target(us, side)};
            d.add[d.adds++] = {rook, Position::rook_target(us, side)};
            d.king_crossed = mirrored_half(m.from()) != mirrored_half(Position::king_target(us, side));
            return d;
        }
        case MoveKind::EnPassant:
            d.sub[d.subs++] = {moved, m.from()};
            d.sub[d.subs++] = {make_piece(~us, PieceType::Pawn), offset(m.to(), -forward(us))};
            d.add[d.adds++] = {moved, m.to()};
            return d;
        case MoveKind::Promotion:
        case MoveKind::Normal: {
            d.sub[d.subs++] = {moved, m.from()};
            const Piece captured = pos.piece_on(m.to());
            if (captured != Piece::None) d.sub[d.subs++] = {captured, m.to()};
            const Piece placed = m.kind() == MoveKind::Promotion ? make_piece(us, m.promotion()) : moved;
            d.add[d.adds++] = {placed, m.to()};
            d.king_crossed = type_of(moved) == PieceType::King && mirrored_half(m.from()) != mirrored_half(m.to());
            return d;
        }
    }
    return d;
}

void apply(const Network& net, const Accumulator& from, const FeatureDelta& d, Accumulator& to) {
    for (Color persp : Colors) apply(net, from, d, to, persp);
}

void apply(const Network& net, const Accumulator& from, const FeatureDelta& d, Accumulator& to, Color persp) {
    const auto& src = from.values[idx(persp)];
    auto& dst = to.values[idx(persp)];
    const bool flip = from.flipped[idx(persp)];
    to.flipped[idx(persp)] = flip;
    const std::int16_t* a[2] = {};
    const std::int16_t* s[2] = {};
    for (int k = 0; k < d.adds; ++k) a[k] = row(net, feature_index(persp, d.add[k].first, d.add[k].second, flip));
    for (int k = 0; k < d.subs; ++k) s[k] = row(net, feature_index(persp, d.sub[k].first, d.sub[k].second, flip));
    // The common shapes in one pass each (the compiler vectorises these loops).
    if (d.adds == 1 && d.subs == 1) {
        for (int i = 0; i < HiddenSize; ++i) dst[i] = static_cast<std::int16_t>(src[i] + a[0][i] - s[0][i]);
    } else if (d.adds == 1 && d.subs == 2) {
        for (int i = 0; i < HiddenSize; ++i) dst[i] = static_cast<std::int16_t>(src[i] + a[0][i] - s[0][i] - s[1][i]);
    } else if (d.adds == 2 && d.subs == 2) {
        for (int i = 0; i < HiddenSize; ++i)
            dst[i] = static_cast<std::int16_t>(src[i] + a[0][i] + a[1][i] - s[0][i] - s[1][i]);
    } else {
        dst = src;
        for (int k = 0; k < d.adds; ++k)
            for (int i = 0; i < HiddenSize; ++i) dst[i] = static_cast<std::int16_t>(dst[i] + a[k][i]);
        for (int k = 0; k < d.subs; ++k)
            for (int i = 0; i < HiddenSize; ++i) dst[i] = static_cast<std::int16_t>(dst[i] - s[k][i]);
    }
}

namespace {

/// Sum over i of clamp(acc[i], 0, QA)^2 * w[i]: int16 products (|clamped x w| <= 255 x 127) summed
/// in pairs by madd into int32 lanes, which hold HiddenSize / 8 pairs at most, then into int64.
std::int64_t screlu_dot(const std::int16_t* acc, const std::int16_t* w) {
#if defined(__AVX512BW__)
    const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(QA);
    __m512i sum = _mm512_setzero_si512();
    for (int i = 0; i < HiddenSize; i += 32) {
        const __m512i v = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(acc + i), zero), qa);
        const __m512i vw = _mm512_mullo_epi16(v, _mm512_load_si512(w + i));
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(vw, v));
    }
    alignas(64) std::int32_t lanes[16];
    _mm512_store_si512(lanes, sum);
    std::int64_t total = 0;
    for (std::int32_t x : lanes) total += x;
    return total;
#elif defined(__AVX2__)
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < HiddenSize; i += 16) {
        const __m256i v = _mm256_min_epi16(
            _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i)), zero), qa);
        const __m256i vw = _mm256_mullo_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
    }
    alignas(32) std::int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
    std::int64_t total = 0;
    for (std::int32_t x : lanes) total += x;
    return total;
#else
    std::int64_t total = 0;
    for (int i = 0; i < HiddenSize; ++i) {
        const std::int32_t v = std::clamp<std::int32_t>(acc[i], 0, QA);
        total += static_cast<std::int64_t>(v * w[i]) * v;
    }
    return total;
#endif
}

int scale_output(std::int64_t sum, std::int32_t bias) {
    // sum is in QA^2 x QB units; / QA leaves QA x QB, as the bias is stored.
    const std::int64_t out = sum / QA + bias;
    return static_cast<int>(out * Scale / (QA * QB));
}

}  // namespace

int output(const Network& net, const Accumulator& acc, Color side_to_move, int men) {
    const int b = output_bucket(men, net.output_buckets);
    const std::int16_t* w = net.bucket_weights(b);
    const std::int64_t sum = screlu_dot(acc.values[idx(side_to_move)].data(), w) +
                             screlu_dot(acc.values[idx(~side_to_move)].data(), w + HiddenSize);
    return scale_output(sum, net.output_bias[static_cast<std::size_t>(b)]);
}

int reference_output(const Network& net, const Position& pos) {
    std::int64_t sum = 0;
    const Color stm = pos.side_to_move();
    const int b = output_bucket(popcount(pos.pieces()), net.output_buckets);
    for (int half = 0; half < 2; ++half) {
        const Color persp = half == 0 ? stm : ~stm;
        // Mirrored by hand here, not through Network::flipped: a second reading of the rule.
        const bool flip = net.king_mirror && idx(pos.king(persp)) % 8 >= 4;
        for (int i = 0; i < HiddenSize; ++i) {
            std::int64_t a = net.input_bias[static_cast<std::size_t>(i)];
            for (Square s : squares(pos.pieces())) {
                int f = feature_index(persp, pos.piece_on(s), s);
                if (flip) f ^= 7;
                a += net.input_weights[static_cast<std::size_t>(f) * HiddenSize + static_cast<std::size_t>(i)];
            }
            const std::int64_t v = std::clamp<std::int64_t>(a, 0, QA);
            sum += v * v * net.bucket_weights(b)[half * HiddenSize + i];
        }
    }
    return scale_output(sum, net.output_bias[static_cast<std::size_t>(b)]);
}

}  // namespace schach::engine::nnue
