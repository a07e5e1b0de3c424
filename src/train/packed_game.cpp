#include "train/packed_game.hpp"

#include <cstring>

namespace schach::train {

namespace {

constexpr std::uint8_t CastlingRookCode = 6;
constexpr std::uint8_t NoEpSquare = 64;
constexpr std::size_t RecordHeaderBytes = 32 + 1 + 2;  // board, result, ply count
constexpr std::size_t PlyBytes = 4;

void put16(std::uint8_t* p, std::uint16_t v) {
    p[0] = static_cast<std::uint8_t>(v & 0xFF);
    p[1] = static_cast<std::uint8_t>(v >> 8);
}
std::uint16_t get16(const std::uint8_t* p) { return static_cast<std::uint16_t>(p[0] | (p[1] << 8)); }

}  // namespace

PackedBoard PackedBoard::pack(const Position& pos) {
    PackedBoard b;
    std::uint8_t* p = b.bytes.data();
    const Bitboard occ = pos.pieces();
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(occ >> (8 * i));
    int n = 0;
    for (Square s : squares(occ)) {
        const Piece pc = pos.piece_on(s);
        std::uint8_t code = static_cast<std::uint8_t>(idx(type_of(pc)));
        if (contains(pos.castling_rooks(), s)) code = CastlingRookCode;
        code = static_cast<std::uint8_t>(code | (idx(color_of(pc)) << 3));
        p[8 + n / 2] = static_cast<std::uint8_t>(p[8 + n / 2] | (code << (4 * (n % 2))));
        ++n;
    }
    const Square ep = pos.ep_square();
    p[24] = static_cast<std::uint8_t>((idx(pos.side_to_move()) << 7) | (ep == Square::None ? NoEpSquare : idx(ep)));
    p[25] = static_cast<std::uint8_t>(std::min(pos.halfmove_clock(), 255));
    put16(p + 26, static_cast<std::uint16_t>(std::min(pos.fullmove_number(), 65535)));
    p[28] = pos.is_chess960() ? 1 : 0;
    return b;
}

std::expected<Position, Problems> PackedBoard::unpack() const {
    const std::uint8_t* p = bytes.data();
    Bitboard occ = 0;
    for (int i = 0; i < 8; ++i) occ |= static_cast<Bitboard>(p[i]) << (8 * i);
    if (popcount(occ) > 32) return std::unexpected(Problems(Problem::TooManyPieces));
    Setup setup;
    int n = 0;
    for (Square s : squares(occ)) {
        const auto code = static_cast<std::uint8_t>((p[8 + n / 2] >> (4 * (n % 2))) & 15);
        ++n;
        const auto color = static_cast<Color>(code >> 3);
        std::uint8_t type = code & 7;
        if (type == CastlingRookCode) {
            setup.castling_rooks |= bb(s);
            type = static_cast<std::uint8_t>(PieceType::Rook);
        }
        if (type > idx(PieceType::King)) return std::unexpected(Problems(Problem::KingCount));
        setup.board[s] = make_piece(color, static_cast<PieceType>(type));
    }
    setup.turn = static_cast<Color>(p[24] >> 7);
    const int ep = p[24] & 127;
    setup.ep_square = ep < 64 ? square_at(ep) : Square::None;
    setup.halfmove_clock = p[25];
    setup.fullmove_number = std::max<int>(1, get16(p + 26));
    setup.chess960 = (p[28] & 1) != 0;
    ValidateOptions options;
    options.variant = setup.chess960 ? Variant::Chess960 : Variant::Standard;
    return Position::from_setup(setup, options);
}

void write_magic(std::ostream& out) { out.write(GameFileMagic.data(), GameFileMagic.size()); }

void write_game(std::ostream& out, const PackedGame& game) {
    std::vector<std::uint8_t> buf(RecordHeaderBytes + PlyBytes * game.plies.size());
    const PackedBoard board = PackedBoard::pack(game.start);
    std::memcpy(buf.data(), board.bytes.data(), 32);
    buf[32] = static_cast<std::uint8_t>(game.result);
    put16(buf.data() + 33, static_cast<std::uint16_t>(game.plies.size()));
    std::uint8_t* p = buf.data() + RecordHeaderBytes;
    for (const PackedPly& ply : game.plies) {
        put16(p, ply.move.bits());
        put16(p + 2, static_cast<std::uint16_t>(ply.score));
        p += PlyBytes;
    }
    out.write(reinterpret_cast<const char*>(buf.data()), static_cast<std::streamsize>(buf.size()));
}

GameReader::GameReader(std::istream& in) : in_(in) {}

std::expected<bool, GameReadError> GameReader::next(PackedGame& game) {
    if (!started_) {
        std::array<char, 8> magic{};
        in_.read(magic.data(), magic.size());
        if (in_.gcount() != static_cast<std::streamsize>(magic.size()) || magic != GameFileMagic)
            return std::unexpected(GameReadError{GameReadError::Kind::BadMagic, 0, 0});
        started_ = true;
        offset_ = magic.size();
    }
    std::array<std::uint8_t, RecordHeaderBytes> head{};
    in_.read(reinterpret_cast<char*>(head.data()), head.size());
    if (in_.gcount() == 0) return false;
    const GameReadError truncated{GameReadError::Kind::Truncated, offset_, 0};
    if (in_.gcount() != static_cast<std::streamsize>(head.size())) return std::unexpected(truncated);
    PackedBoard board;
    std::memcpy(board.bytes.data(), head.data(), 32);
    auto start = board.unpack();
    if (!start) return std::unexpected(GameReadError{GameReadError::Kind::BadPosition, offset_, 0});
    if (head[32] > 2) return std::unexpected(GameReadError{GameReadError::Kind::BadResult, offset_, 0});
    const std::uint16_t count = get16(head.data() + 33);
    std::vector<std::uint8_t> body(PlyBytes * count);
    in_.read(reinterpret_cast<char*>(body.data()), static_cast<std::streamsize>(body.size()));
    if (in_.gcount() != static_cast<std::streamsize>(body.size())) return std::unexpected(truncated);
    game.start = *start;
    game.result = static_cast<GameResult>(head[32]);
    game.plies.resize(count);
    Position pos = *start;
    for (std::size_t i = 0; i < count; ++i) {
        PackedPly& ply = game.plies[i];
        ply.move = Move::from_bits(get16(body.data() + PlyBytes * i));
        ply.score = static_cast<std::int16_t>(get16(body.data() + PlyBytes * i + 2));
        if (!pos.is_legal(ply.move))
            return std::unexpected(GameReadError{GameReadError::Kind::IllegalMove, offset_, static_cast<int>(i)});
        pos.do_move(ply.move);
    }
    offset_ += RecordHeaderBytes + body.size();
    return true;
}

GameFileSummary summarize_game_file(std::istream& in, std::optional<GameReadError>* error) {
    GameFileSummary summary;
    GameReader reader(in);
    PackedGame game;
    while (true) {
        const auto got = reader.next(game);
        if (!got) {
            if (error) *error = got.error();
            break;
        }
        if (!*got) break;
        ++summary.games;
        ++summary.results[static_cast<std::size_t>(game.result)];
        summary.plies += game.plies.size();
        for (const PackedPly& p : game.plies) summary.positions += p.score != NoScore;
    }
    summary.end_offset = reader.offset();
    return summary;
}

}  // namespace schach::train
